/** @jest-environment node */
import { createHoverIntent, MENU_TIMINGS } from '@/components/layout/hover-intent';

describe('menu hover timing (spec 9: open 200 ms, skip 300 ms, close 150 ms)', () => {
  let changes: (string | null)[];
  let intent: ReturnType<typeof createHoverIntent>;

  beforeEach(() => {
    jest.useFakeTimers();
    changes = [];
    intent = createHoverIntent((v) => changes.push(v));
  });
  afterEach(() => {
    intent.dispose();
    jest.useRealTimers();
  });

  it('uses the spec timings by default', () => {
    expect(MENU_TIMINGS).toEqual({ openDelay: 200, skipDelay: 300, closeDelay: 150 });
  });

  it('opens 200 ms after the pointer entered', () => {
    intent.enter('products');
    jest.advanceTimersByTime(199);
    expect(intent.current()).toBeNull();
    jest.advanceTimersByTime(1);
    expect(intent.current()).toBe('products');
    expect(changes).toEqual(['products']);
  });

  it('does not open when the pointer leaves before 200 ms', () => {
    intent.enter('products');
    jest.advanceTimersByTime(150);
    intent.leave();
    jest.advanceTimersByTime(500);
    expect(changes).toEqual([]);
  });

  it('closes 150 ms after the pointer left, and stays open when it comes back in time', () => {
    intent.open('products');
    intent.leave();
    jest.advanceTimersByTime(149);
    expect(intent.current()).toBe('products');
    intent.enter('products');
    jest.advanceTimersByTime(1000);
    expect(intent.current()).toBe('products');
    intent.leave();
    jest.advanceTimersByTime(150);
    expect(intent.current()).toBeNull();
  });

  it('switches at once to another trigger while a menu is open', () => {
    intent.open('products');
    intent.leave();
    jest.advanceTimersByTime(50);
    intent.enter('catalogues');
    expect(intent.current()).toBe('catalogues');
    expect(changes).toEqual(['products', 'catalogues']);
  });

  it('skips the open delay within 300 ms after a menu closed, not later', () => {
    intent.open('products');
    intent.leave();
    jest.advanceTimersByTime(150); // closed
    expect(intent.current()).toBeNull();
    jest.advanceTimersByTime(299);
    intent.enter('catalogues');
    expect(intent.current()).toBe('catalogues');

    intent.close();
    jest.advanceTimersByTime(300);
    intent.enter('products');
    expect(intent.current()).toBeNull();
    jest.advanceTimersByTime(200);
    expect(intent.current()).toBe('products');
  });

  it('toggles and closes at once on click and Escape', () => {
    intent.toggle('products');
    expect(intent.current()).toBe('products');
    intent.toggle('products');
    expect(intent.current()).toBeNull();
    intent.enter('products');
    intent.close();
    jest.advanceTimersByTime(1000);
    expect(intent.current()).toBeNull();
  });
});

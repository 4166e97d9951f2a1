import { parseCampaignDate, toLisbonInput } from '@/lib/campaigns/dates';

/** Campaign dates are Lisbon's wall-clock times in the forms, instants in the database. */
describe('campaign dates in Lisbon time', () => {
  it('reads wall-clock times in winter (UTC+0) and summer (UTC+1), and instants with an offset', () => {
    expect(parseCampaignDate('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(parseCampaignDate('2027-07-01T09:00')?.toISOString()).toBe('2027-07-01T08:00:00.000Z');
    expect(parseCampaignDate('2027-07-01')?.toISOString()).toBe('2027-06-30T23:00:00.000Z');
    expect(parseCampaignDate('2027-07-01T09:00:00+02:00')?.toISOString()).toBe('2027-07-01T07:00:00.000Z');
    expect(parseCampaignDate('2027-07-01T09:00:00Z')?.toISOString()).toBe('2027-07-01T09:00:00.000Z');
  });

  it('handles the days the clocks change', () => {
    // 29 March 2026: 01:00 → 02:00 in Lisbon; 25 October 2026: 02:00 → 01:00.
    expect(parseCampaignDate('2026-03-29T00:30')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(parseCampaignDate('2026-03-29T03:00')?.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(parseCampaignDate('2026-10-25T03:00')?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const bad of ['amanhã', '2026-02-30', '2026-13-01', '2026-01-01T25:00', '', '01/12/2026']) expect(parseCampaignDate(bad)).toBeNull();
  });

  it('shows an instant as the form value in Lisbon time, and round-trips', () => {
    expect(toLisbonInput('2027-07-01T08:00:00.000Z')).toBe('2027-07-01T09:00');
    expect(toLisbonInput(new Date('2026-12-01T09:00:00Z'))).toBe('2026-12-01T09:00');
    expect(toLisbonInput(null)).toBe('');
    expect(toLisbonInput('x')).toBe('');
    const value = '2026-08-15T18:45';
    expect(toLisbonInput(parseCampaignDate(value))).toBe(value);
  });
});

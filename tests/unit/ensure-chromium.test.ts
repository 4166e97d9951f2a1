/** @jest-environment node */
import { APT_COMMANDS, DEFAULT_CHROMIUM_PATH, planChromium } from '../../scripts/ensure-chromium.mjs';

/** The decision of scripts/ensure-chromium.mjs (run before Playwright by npm test and test:e2e). */
const present = (...files: string[]) => (file: string) => files.includes(file);
const base = { chromiumPathEnv: undefined, exists: present(), isRoot: false, hasAptGet: false, hasSudo: false };

describe('planChromium', () => {
  it('goes ahead when Debian chromium is where playwright.config.ts looks', () => {
    expect(planChromium({ ...base, exists: present(DEFAULT_CHROMIUM_PATH) })).toEqual({ action: 'ready', path: '/usr/bin/chromium' });
  });

  it('uses CHROMIUM_PATH when set', () => {
    const plan = planChromium({ ...base, chromiumPathEnv: '/opt/chrome/chrome', exists: present('/opt/chrome/chrome') });
    expect(plan).toEqual({ action: 'ready', path: '/opt/chrome/chrome' });
  });

  it('installs chromium with apt-get when missing and running as root with apt', () => {
    const plan = planChromium({ ...base, isRoot: true, hasAptGet: true });
    expect(plan).toEqual({ action: 'install', path: '/usr/bin/chromium', commands: APT_COMMANDS });
    expect(APT_COMMANDS).toEqual([['apt-get', 'update'], ['apt-get', 'install', '-y', 'chromium']]);
  });

  it('stops with the sudo command when not root', () => {
    const plan = planChromium({ ...base, hasAptGet: true, hasSudo: true });
    expect(plan.action).toBe('fail');
    if (plan.action !== 'fail') return;
    expect(plan.message).toContain('sudo apt-get update && sudo apt-get install -y chromium');
  });

  it('stops with the apt-get command (as root) when there is no sudo', () => {
    const plan = planChromium({ ...base, hasAptGet: true });
    expect(plan.action).toBe('fail');
    if (plan.action !== 'fail') return;
    expect(plan.message).toContain('    apt-get update && apt-get install -y chromium');
    expect(plan.message).toContain('root');
  });

  it('asks for CHROMIUM_PATH where there is no apt-get, even as root', () => {
    const plan = planChromium({ ...base, isRoot: true });
    expect(plan.action).toBe('fail');
    if (plan.action !== 'fail') return;
    expect(plan.message).toContain('CHROMIUM_PATH=/caminho/para/chromium npm test');
  });

  it('never installs over a CHROMIUM_PATH that does not exist: the path is wrong', () => {
    const plan = planChromium({ ...base, chromiumPathEnv: '/opt/missing/chrome', isRoot: true, hasAptGet: true });
    expect(plan.action).toBe('fail');
    if (plan.action !== 'fail') return;
    expect(plan.message).toContain('CHROMIUM_PATH aponta para /opt/missing/chrome');
  });

  it('installs when CHROMIUM_PATH names the Debian path itself', () => {
    const plan = planChromium({ ...base, chromiumPathEnv: '/usr/bin/chromium', isRoot: true, hasAptGet: true });
    expect(plan.action).toBe('install');
  });

  it('treats an empty CHROMIUM_PATH as unset', () => {
    expect(planChromium({ ...base, chromiumPathEnv: ' ', exists: present(DEFAULT_CHROMIUM_PATH) }).action).toBe('ready');
  });
});

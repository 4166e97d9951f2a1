import { campaignPeriod, parseCampaignDate, toLisbonInput } from '@/lib/campaigns/dates';

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

describe('a campaign period in words', () => {
  it('says from when to when, in pt-PT dates of Lisbon', () => {
    expect(campaignPeriod('2026-09-01T00:00:00.000Z', '2027-03-31T22:59:00.000Z')).toBe('De 1 de setembro de 2026 a 31 de março de 2027');
    expect(campaignPeriod(null, new Date('2027-01-31T12:00:00Z'))).toBe('Até 31 de janeiro de 2027');
    expect(campaignPeriod('2026-12-01T09:00:00Z', null)).toBe('A partir de 1 de dezembro de 2026');
    expect(campaignPeriod(null, null)).toBeNull();
    // 23:30 UTC on 31 July is already 1 August in Lisbon (summer time).
    expect(campaignPeriod('2027-07-31T23:30:00Z', null)).toBe('A partir de 1 de agosto de 2027');
  });
});

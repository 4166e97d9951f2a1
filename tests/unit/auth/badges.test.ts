import { BADGE_TONE_CLASSES, displayName, userBadge } from '@/lib/auth/badges';

describe('userBadge', () => {
  it('shows ADMIN in purple for admins, whatever the profile', () => {
    expect(userBadge({ isAdmin: true, userType: 'pro', accountName: 'Obras Lda' })).toEqual({
      label: 'ADMIN',
      tone: 'admin',
    });
    expect(userBadge({ isAdmin: true, userType: 'particular' })).toEqual({
      label: 'ADMIN',
      tone: 'admin',
    });
    expect(BADGE_TONE_CLASSES.admin).toMatch(/purple/);
  });

  it('shows the account name in upper case, in yellow, for pro users', () => {
    expect(
      userBadge({ isAdmin: false, userType: 'pro', accountName: 'Canalizações  Gaia, Lda ' }),
    ).toEqual({
      label: 'CANALIZAÇÕES GAIA, LDA',
      tone: 'pro',
    });
    expect(userBadge({ userType: 'PRO', accountName: 'ç' })).toEqual({ label: 'Ç', tone: 'pro' });
    expect(BADGE_TONE_CLASSES.pro).toMatch(/yellow/);
  });

  it.each([null, undefined, '', '   '])(
    'shows PRO for pro users without an account name (%p)',
    (accountName) => {
      expect(userBadge({ isAdmin: false, userType: 'pro', accountName })).toEqual({
        label: 'PRO',
        tone: 'pro',
      });
    },
  );

  it('shows CLIENTE in blue for particular users and unknown profiles', () => {
    expect(userBadge({ isAdmin: false, userType: 'particular', accountName: 'Ignorado' })).toEqual({
      label: 'CLIENTE',
      tone: 'client',
    });
    expect(userBadge({ isAdmin: false, userType: null })).toEqual({
      label: 'CLIENTE',
      tone: 'client',
    });
    expect(userBadge({})).toEqual({ label: 'CLIENTE', tone: 'client' });
    expect(BADGE_TONE_CLASSES.client).toMatch(/blue/);
  });
});

describe('displayName', () => {
  it('prefers the metadata username', () => {
    expect(
      displayName({ email: 'ana.silva@example.pt', metadata: { username: ' anasilva ' } }),
    ).toBe('anasilva');
    expect(
      displayName({
        email: 'ana.silva@example.pt',
        username: 'ana',
        metadata: { username: 'meta' },
      }),
    ).toBe('meta');
    expect(displayName({ email: 'ana.silva@example.pt', username: 'ana' })).toBe('ana');
  });

  it('falls back to the part of the e-mail before the @', () => {
    expect(displayName({ email: 'ana.silva@example.pt' })).toBe('ana.silva');
    expect(displayName({ email: 'ana.silva@example.pt', metadata: { username: '  ' } })).toBe(
      'ana.silva',
    );
    expect(displayName({ email: 'ana.silva@example.pt', metadata: { username: 42 } })).toBe(
      'ana.silva',
    );
    expect(displayName({ email: 'ana.silva@example.pt', username: null, metadata: null })).toBe(
      'ana.silva',
    );
  });

  it('is empty without a username or e-mail', () => {
    expect(displayName(null)).toBe('');
    expect(displayName(undefined)).toBe('');
    expect(displayName({})).toBe('');
    expect(displayName({ email: null })).toBe('');
  });
});

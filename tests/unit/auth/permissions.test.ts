import {
  ADMIN_ROUTE_RULES,
  PERMISSIONS,
  PERMISSION_NAMES,
  ROLES,
  accessDecision,
  effectiveRole,
  hasAccess,
  hasPermission,
  isProtectedPath,
  isEditingStaff,
  isStaff,
  normalisePathname,
  normaliseRole,
  requirementFor,
  type AccessUser,
  type Permission,
  type Role,
} from '@/lib/auth/permissions';

describe('roles and permissions (spec 6)', () => {
  it("has spec 6's three roles and the staff reader (issue 23: customers and staff viewers do not share a role)", () => {
    expect(ROLES).toEqual(['admin', 'editor', 'reader', 'viewer']);
  });

  const table: Record<Role, Permission[]> = {
    // Spec 6's table, plus manage_quotes (issue 12) and manage_orders (issue 14) for editor and admin.
    admin: ['manage_campaigns', 'manage_orders', 'manage_products', 'manage_quotes', 'manage_users', 'view_analytics'],
    editor: ['manage_campaigns', 'manage_orders', 'manage_products', 'manage_quotes', 'view_analytics'],
    // Issue 23: the staff reader, with the view permissions of the table.
    reader: ['view_campaigns', 'view_products', 'view_analytics'],
    viewer: ['view_campaigns', 'view_products', 'view_analytics'],
  };

  it.each(ROLES)('gives %s exactly the permissions of the table', (role) => {
    expect([...PERMISSIONS[role]].sort()).toEqual([...table[role]].sort());
    for (const permission of PERMISSION_NAMES) {
      expect(hasPermission(role, permission)).toBe(table[role].includes(permission));
    }
  });

  it.each([null, undefined, '', 'superuser', 'pro', 42, {}])(
    'treats the role %p as viewer',
    (raw) => {
      expect(normaliseRole(raw)).toBe('viewer');
      expect(hasPermission(raw, 'manage_products')).toBe(false);
      expect(hasPermission(raw, 'view_products')).toBe(true);
    },
  );

  it('accepts known roles in any case and with spaces', () => {
    expect(normaliseRole('admin')).toBe('admin');
    expect(normaliseRole(' Editor ')).toBe('editor');
    expect(normaliseRole('VIEWER')).toBe('viewer');
    expect(normaliseRole('Reader')).toBe('reader');
  });

  it('upgrades the role to admin when the admin check passed', () => {
    expect(effectiveRole('viewer', true)).toBe('admin');
    expect(effectiveRole(undefined, true)).toBe('admin');
    expect(effectiveRole('editor', false)).toBe('editor');
    expect(effectiveRole('nonsense', false)).toBe('viewer');
  });
});

describe('route requirements', () => {
  it.each([
    ['/admin/login', { kind: 'open' }],
    ['/admin/login-debug', { kind: 'open' }],
    ['/admin', { kind: 'login' }],
    ['/admin/dashboard', { kind: 'login' }],
    ['/admin/campaigns', { kind: 'permission', permission: 'manage_campaigns' }],
    ['/admin/campaigns/new', { kind: 'permission', permission: 'manage_campaigns' }],
    ['/admin/campaigns/edit/12', { kind: 'permission', permission: 'manage_campaigns' }],
    ['/admin/products', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/products/new', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/products/edit/7', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/ficha-tecnica', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/ficha-tecnica/edit/7', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/google-category-classifier', { kind: 'permission', permission: 'manage_products' }],
    [
      '/admin/google-category-classifier/review',
      { kind: 'permission', permission: 'manage_products' },
    ],
    ['/admin/catalogue-management', { kind: 'permission', permission: 'manage_products' }],
    [
      '/admin/catalogue-management/reprint-report',
      { kind: 'permission', permission: 'manage_products' },
    ],
    [
      '/admin/catalogue-management/change-logs',
      { kind: 'permission', permission: 'manage_products' },
    ],
    ['/admin/brands', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/supplier-catalogues', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/supplier-catalogues/new', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/supplier-catalogues/edit/3', { kind: 'permission', permission: 'manage_products' }],
    ['/admin/users/new', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/users/abc', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/pro-accounts', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/pro-accounts/users', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/pro-accounts/users/u1', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/pro-accounts/requests', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/pro-accounts/acc-9', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/cache-performance', { kind: 'permission', permission: 'manage_users' }],
    ['/admin/orders', { kind: 'permission', permission: 'manage_orders' }],
    ['/admin/orders/42', { kind: 'permission', permission: 'manage_orders' }],
    ['/admin/phc-sync', { kind: 'admin' }],
    ['/admin/phc-clients', { kind: 'admin' }],
    ['/admin/phc-clients/123', { kind: 'admin' }],
    ['/dashboard', { kind: 'login' }],
    ['/dashboard/orders/42', { kind: 'login' }],
    ['/dashboard/favorites', { kind: 'login' }],
    ['/checkout', { kind: 'login' }],
    ['/checkout/success', { kind: 'login' }],
    ['/checkout/cancel', { kind: 'login' }],
    ['/', { kind: 'open' }],
    ['/produtos', { kind: 'open' }],
    ['/cart', { kind: 'open' }],
    ['/login', { kind: 'open' }],
    ['/dashboards', { kind: 'open' }],
    ['/checkout-info', { kind: 'open' }],
  ])('%s needs %j', (path, requirement) => {
    expect(requirementFor(path)).toEqual(requirement);
  });

  it('defaults unknown admin paths to the admin flag', () => {
    for (const path of [
      '/admin/secret',
      '/admin/productsx',
      '/admin/logins',
      '/admin/erp-sync',
      '/admin/x/y',
    ]) {
      expect(requirementFor(path)).toEqual({ kind: 'admin' });
    }
  });

  it('ignores query, hash, trailing and repeated slashes, case, encoding and dot segments', () => {
    expect(requirementFor('/admin/products/?page=2#top')).toEqual({
      kind: 'permission',
      permission: 'manage_products',
    });
    expect(requirementFor('//admin//phc-sync/')).toEqual({ kind: 'admin' });
    expect(requirementFor('/Admin/PHC-Sync')).toEqual({ kind: 'admin' });
    expect(requirementFor('/%61dmin/phc-sync')).toEqual({ kind: 'admin' });
    expect(requirementFor('/admin/login/../phc-sync')).toEqual({ kind: 'admin' });
    expect(requirementFor('/admin/login-debug/../users/new')).toEqual({
      kind: 'permission',
      permission: 'manage_users',
    });
    expect(requirementFor('/produtos/../dashboard')).toEqual({ kind: 'login' });
    expect(requirementFor('/%E0%A4%A')).toEqual({ kind: 'open' });
    expect(normalisePathname('/a/./b//c/?x=1')).toBe('/a/b/c');
    expect(normalisePathname('')).toBe('/');
  });

  it('never lets an encoded slash in a page id climb out of its section', () => {
    // /admin/pro-accounts/{accountId} with accountId '../../dashboard' (Next decodes %2F in params).
    for (const path of ['/admin/pro-accounts/..%2F..%2Fdashboard', '/admin/pro-accounts/..%2f..%2fdashboard', '/admin/pro-accounts/..%5C..%5Cdashboard']) {
      expect(requirementFor(path)).toEqual({ kind: 'permission', permission: 'manage_users' });
    }
    expect(requirementFor('/admin/phc-clients/..%2F..%2Fdashboard')).toEqual({ kind: 'admin' });
    expect(requirementFor('/admin/google-category-classifier/..%2F..%2Flogin')).toEqual({ kind: 'permission', permission: 'manage_products' });
    expect(normalisePathname('/admin/orders/%2E%2E%2Fx')).toBe('/admin/orders/..%2fx');
  });

  it('uses the admin route names of spec 2.4', () => {
    expect(ADMIN_ROUTE_RULES.map((r) => r.prefix)).toEqual(
      expect.arrayContaining([
        '/admin/google-category-classifier',
        '/admin/catalogue-management',
        '/admin/phc-sync',
        '/admin/phc-clients',
      ]),
    );
  });

  it('knows the protected paths of logout', () => {
    expect(isProtectedPath('/dashboard/settings')).toBe(true);
    expect(isProtectedPath('/admin')).toBe(true);
    expect(isProtectedPath('/checkout/success')).toBe(true);
    expect(isProtectedPath('/produtos')).toBe(false);
    expect(isProtectedPath('/administracao')).toBe(false);
  });
});

describe('access decisions', () => {
  const admin: AccessUser = { role: 'admin', isAdmin: true };
  const adminRoleNoFlag: AccessUser = { role: 'admin', isAdmin: false };
  const editor: AccessUser = { role: 'editor', isAdmin: false };
  const viewer: AccessUser = { role: 'viewer', isAdmin: false };
  const reader: AccessUser = { role: 'reader', isAdmin: false };
  const flaggedViewer: AccessUser = { role: 'viewer', isAdmin: true };
  const unknownRole: AccessUser = { role: 'gestor', isAdmin: false };

  const decide = (user: AccessUser | null, path: string) =>
    accessDecision({ user, requirement: requirementFor(path) });

  it('lets everyone into open routes', () => {
    for (const user of [null, viewer, admin]) {
      expect(decide(user, '/admin/login')).toBe('allow');
      expect(decide(user, '/admin/login-debug')).toBe('allow');
      expect(decide(user, '/produtos')).toBe('allow');
    }
  });

  it('sends guests to login on every gated route', () => {
    for (const path of [
      '/dashboard',
      '/checkout',
      '/admin/dashboard',
      '/admin/campaigns',
      '/admin/products',
      '/admin/users/new',
      '/admin/phc-sync',
      '/admin/unknown',
    ]) {
      expect(decide(null, path)).toBe('login');
    }
  });

  it('lets any logged-in user into /dashboard, /checkout and /admin/dashboard', () => {
    for (const user of [viewer, reader, editor, unknownRole, admin]) {
      expect(decide(user, '/dashboard/orders')).toBe('allow');
      expect(decide(user, '/checkout')).toBe('allow');
      expect(decide(user, '/admin/dashboard')).toBe('allow');
    }
  });

  it.each([
    ['/admin/campaigns/new', { viewer: 'denied', editor: 'allow', adminRole: 'allow' }],
    ['/admin/products/edit/1', { viewer: 'denied', editor: 'allow', adminRole: 'allow' }],
    ['/admin/ficha-tecnica', { viewer: 'denied', editor: 'allow', adminRole: 'allow' }],
    [
      '/admin/google-category-classifier',
      { viewer: 'denied', editor: 'allow', adminRole: 'allow' },
    ],
    [
      '/admin/catalogue-management/change-logs',
      { viewer: 'denied', editor: 'allow', adminRole: 'allow' },
    ],
    ['/admin/brands', { viewer: 'denied', editor: 'allow', adminRole: 'allow' }],
    ['/admin/supplier-catalogues/new', { viewer: 'denied', editor: 'allow', adminRole: 'allow' }],
    ['/admin/users/new', { viewer: 'denied', editor: 'denied', adminRole: 'allow' }],
    ['/admin/pro-accounts/requests', { viewer: 'denied', editor: 'denied', adminRole: 'allow' }],
    ['/admin/cache-performance', { viewer: 'denied', editor: 'denied', adminRole: 'allow' }],
    ['/admin/orders/7', { viewer: 'denied', editor: 'allow', adminRole: 'allow' }],
    ['/admin/phc-sync', { viewer: 'admin-only', editor: 'admin-only', adminRole: 'admin-only' }],
    ['/admin/phc-clients', { viewer: 'admin-only', editor: 'admin-only', adminRole: 'admin-only' }],
    ['/admin/unknown', { viewer: 'admin-only', editor: 'admin-only', adminRole: 'admin-only' }],
  ])('%s: %j', (path, expected) => {
    expect(decide(viewer, path)).toBe(expected.viewer);
    // The staff reader opens no section either (the dashboard with figures only).
    expect(decide(reader, path)).toBe(expected.viewer);
    expect(decide(unknownRole, path)).toBe(expected.viewer);
    expect(decide(editor, path)).toBe(expected.editor);
    expect(decide(adminRoleNoFlag, path)).toBe(expected.adminRole);
    // The admin flag bypasses everything, whatever the role.
    expect(decide(admin, path)).toBe('allow');
    expect(decide(flaggedViewer, path)).toBe('allow');
  });
});

describe('what server actions may require (hasAccess)', () => {
  const user = (role: string, isAdmin = false): AccessUser => ({ role, isAdmin });

  it('staff is the admin flag or a staff role (admin, editor, reader); customers (viewer) and unknown roles are not', () => {
    expect(isStaff(user('admin'))).toBe(true);
    expect(isStaff(user('editor'))).toBe(true);
    expect(isStaff(user(' Editor '))).toBe(true);
    expect(isStaff(user('reader'))).toBe(true);
    expect(isStaff(user('viewer'))).toBe(false);
    expect(isStaff(user('gestor'))).toBe(false);
    expect(isStaff(user('viewer', true))).toBe(true);
  });

  it('the staff reader changes nothing: not editing staff, no manage permission', () => {
    expect(isEditingStaff(user('reader'))).toBe(false);
    expect(isEditingStaff(user('viewer'))).toBe(false);
    expect(isEditingStaff(user('editor'))).toBe(true);
    expect(isEditingStaff(user('viewer', true))).toBe(true);
    for (const permission of PERMISSION_NAMES.filter((p) => p.startsWith('manage_'))) expect(hasAccess(user('reader'), permission)).toBe(false);
    expect(hasAccess(user('reader'), 'staff')).toBe(true);
  });

  it('a permission follows the table of spec 6, and the admin flag allows everything', () => {
    expect(hasAccess(user('editor'), 'manage_products')).toBe(true);
    expect(hasAccess(user('editor'), 'manage_users')).toBe(false);
    expect(hasAccess(user('viewer'), 'manage_products')).toBe(false);
    expect(hasAccess(user('viewer'), 'view_products')).toBe(true);
    expect(hasAccess(user('viewer', true), 'manage_users')).toBe(true);
    expect(hasAccess(user('viewer'), 'staff')).toBe(false);
    expect(hasAccess(user('editor'), 'staff')).toBe(true);
  });
});

/** The demo accounts of the embedded demo (server/auth/accounts.ts; the README lists them). */
export const DEMO = {
  admin: { email: 'admin@demo.casadasaguas.pt', password: 'Demo-Admin-1967!' },
  editor: { email: 'editor@demo.casadasaguas.pt', password: 'Demo-Editor-1967!' },
  pro: { email: 'pro@demo.casadasaguas.pt', password: 'Demo-Pro-1967!' },
  particular: { email: 'cliente@demo.casadasaguas.pt', password: 'Demo-Cliente-1967!' },
  /** The staff reader (role 'reader': the console's dashboard only); customers are `pro` and `particular`. */
  viewer: { email: 'leitor@demo.casadasaguas.pt', password: 'Demo-Leitor-1967!' },
} as const;

export type DemoRole = keyof typeof DEMO;

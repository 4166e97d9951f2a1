/** What the people screens of the admin area show (server/pro-accounts, server/people fill them). */

export interface ProAccountSummary {
  id: number;
  name: string;
  fiscalName: string | null;
  nif: string | null;
  phcClientId: string | null;
  users: number;
  rules: number;
  createdAt: string;
}

export interface AccessRequestSummary {
  id: number;
  companyName: string;
  fiscalNumber: string;
  contactName: string;
  email: string;
  typology: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  handledAt: string | null;
  handledByName: string | null;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  isAdmin: boolean;
  userType: 'particular' | 'pro';
  accountId: number | null;
  accountName: string | null;
  createdAt: string;
  lastLogin: string | null;
  disabled: boolean;
}

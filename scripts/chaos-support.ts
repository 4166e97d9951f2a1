/**
 * Helper of scripts/chaos-orders.mjs, run with the server's module conditions: creates the
 * chaos customers (confirmed private customers, as the tests' signedInAccount does) in the
 * database of DATABASE_URL and prints their e-mails as JSON. They sign in over HTTP afterwards.
 *
 *   node --conditions=react-server --import tsx scripts/chaos-support.ts accounts <count> <password>
 */
import { createAccount } from '@/server/auth/accounts';
import { openConfiguredDatabase } from '@/server/db/client';

async function main() {
  const [command, countText, password] = process.argv.slice(2);
  if (command !== 'accounts' || !countText || !password) throw new Error('uso: chaos-support.ts accounts <n> <password>');
  const database = await openConfiguredDatabase();
  try {
    const emails: string[] = [];
    for (let i = 1; i <= Number(countText); i++) {
      const email = `caos-${String(i).padStart(2, '0')}@cliente.example.pt`;
      await createAccount(database.db, { email, password, fullName: `Cliente Caos ${i}`, role: 'viewer', isAdmin: false, userType: 'particular' });
      emails.push(email);
    }
    process.stdout.write(`${JSON.stringify(emails)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

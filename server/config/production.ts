import 'server-only';
import { env, isProductionDeployment, siteIsHttps, type Env } from '@/lib/env';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';
import { adminPasswordProblems } from '@/server/auth/accounts';

/**
 * What the start refuses (scripts/db-prepare.ts, run by `npm start` before the server): in a
 * production deployment (NODE_ENV=production with an https SITE_URL or PRODUCTION_HOSTS set) a
 * missing or short BETTER_AUTH_SECRET, a missing IP_HASH_SALT and an ADMIN_PASSWORD that breaks
 * the password rules; anywhere, DEMO_ACCOUNTS=1 with an https SITE_URL. Each problem is said in
 * Portuguese and in English.
 */
export interface ConfigProblem {
  variable: string;
  pt: string;
  en: string;
}

export const MIN_SECRET_LENGTH = 32;

export function configProblems(e: Env): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (e.DEMO_ACCOUNTS === 'on' && siteIsHttps(e)) {
    problems.push({
      variable: 'DEMO_ACCOUNTS',
      pt: 'DEMO_ACCOUNTS=1 não é permitido com um SITE_URL https: as contas de demonstração têm palavras-passe públicas.',
      en: 'DEMO_ACCOUNTS=1 is refused with an https SITE_URL: the demo accounts have public passwords.',
    });
  }
  if (!isProductionDeployment(e)) return problems;
  if (!e.BETTER_AUTH_SECRET) {
    problems.push({
      variable: 'BETTER_AUTH_SECRET',
      pt: `BETTER_AUTH_SECRET em falta: defina um segredo aleatório com pelo menos ${MIN_SECRET_LENGTH} caracteres (ex.: openssl rand -base64 48).`,
      en: `BETTER_AUTH_SECRET is missing: set a random secret of at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -base64 48).`,
    });
  } else if (e.BETTER_AUTH_SECRET.length < MIN_SECRET_LENGTH) {
    problems.push({
      variable: 'BETTER_AUTH_SECRET',
      pt: `BETTER_AUTH_SECRET demasiado curto: são precisos pelo menos ${MIN_SECRET_LENGTH} caracteres.`,
      en: `BETTER_AUTH_SECRET is too short: at least ${MIN_SECRET_LENGTH} characters are needed.`,
    });
  }
  if (!e.IP_HASH_SALT) {
    problems.push({
      variable: 'IP_HASH_SALT',
      pt: 'IP_HASH_SALT em falta: defina um valor aleatório secreto (o valor por omissão é público).',
      en: 'IP_HASH_SALT is missing: set a secret random value (the default one is public).',
    });
  }
  const weak = adminPasswordProblems(e.ADMIN_PASSWORD);
  if (weak.length) {
    problems.push({
      variable: 'ADMIN_PASSWORD',
      pt: `ADMIN_PASSWORD não cumpre as regras de palavra-passe: ${weak.join('; ')}.`,
      en: `ADMIN_PASSWORD does not meet the password rules (at least ${PASSWORD_MIN_LENGTH} characters with an uppercase and a lowercase letter, a digit and a special character).`,
    });
  }
  return problems;
}

/**
 * The problems of the process's configuration. A value the environment schema rejects (e.g. a
 * BETTER_AUTH_SECRET under 32 characters, refused in every mode) is reported as a problem too.
 */
export function startConfigProblems(): ConfigProblem[] {
  let parsed: Env;
  try {
    parsed = env();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return [{ variable: 'environment', pt: message, en: `Invalid configuration in the environment: ${message}` }];
  }
  return configProblems(parsed);
}

/** The refusal printed by the start: one block per problem, Portuguese then English. */
export function formatConfigProblems(problems: readonly ConfigProblem[]): string {
  const lines = [
    'Arranque recusado: a configuração não é segura para produção.',
    'Start refused: the configuration is not safe for production.',
    '',
  ];
  for (const p of problems) lines.push(`- ${p.pt}`, `  ${p.en}`);
  lines.push('', 'Ver docs/operations.md, secção «Configuration» / See docs/operations.md, section "Configuration".');
  return lines.join('\n');
}

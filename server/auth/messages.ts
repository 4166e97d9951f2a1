/** Answers of the account actions that do not depend on whether the e-mail has an account. */
import 'server-only';
export const RECOVERY_SENT = 'Se existir uma conta com este email, enviámos um link para definir uma nova password. Verifique a sua caixa de correio.';
export const INVALID_RESET_LINK = 'O link de recuperação é inválido, já foi usado ou expirou. Peça um novo link.';
export const CONFIRMATION_SENT = 'Se existir uma conta por confirmar com este email, enviámos um novo link de confirmação.';

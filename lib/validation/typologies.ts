/**
 * The professions the shop's forms ask about (spec 3), in display order: the access request, the
 * newsletter and the sign-up form each add their own last entries. No zod here: the newsletter
 * forms render on every catalogue page.
 */
export const PROFESSIONS = ['Arquiteto', 'Decorador', 'Empreiteiro', 'Instalador', 'Promotor', 'Revendedor'] as const;

import 'server-only';

export {
  sendMail,
  isDelivered,
  listOutboxMails,
  type OutgoingMail,
  type SentMail,
  type OutboxMail,
  type MailAddress,
} from './send';
export { renderMail, escapeHtml, type MailLayout, type MailBlock } from './html';

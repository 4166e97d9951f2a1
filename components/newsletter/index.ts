export {
  NewsletterForm,
  type NewsletterFormProps,
  type NewsletterVariant,
} from './newsletter-form';
export { NewsletterDialogTrigger, type NewsletterDialogTriggerProps } from './newsletter-dialog';
export { NewsletterFooterForm } from './newsletter-footer-form';
export { NewsletterBanner } from './newsletter-banner';
export { NewsletterUnsubscribeForm } from './newsletter-unsubscribe-form';

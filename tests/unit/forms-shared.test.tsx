import { fireEvent, render, screen, within } from '@testing-library/react';
import { ContactForm } from '@/components/contact/contact-form';
import { AccessRequestForm } from '@/components/access-request/access-request-form';
import { SignUpForm } from '@/components/auth/signup-form';
import { NewsletterFormMarkup } from '@/components/newsletter/newsletter-form-markup';
import { Field } from '@/components/ui/field';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/server/contact/actions', () => ({ sendContactMessageAction: jest.fn() }));
jest.mock('@/server/access-requests/actions', () => ({ submitAccessRequestAction: jest.fn() }));
jest.mock('@/server/auth/actions', () => ({ signUpAction: jest.fn() }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

/** The texts of the ids listed in a control's aria-describedby, in order. */
function described(control: HTMLElement): string[] {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);
}

/** The anti-spam field: present, out of the tab order, unlabelled for people, hidden from assistive technology. */
function expectHiddenHoneypot(container: HTMLElement, label: string) {
  const input = within(container).getByLabelText(label, { selector: 'input' });
  expect(input).toHaveAttribute('tabindex', '-1');
  expect(input).toHaveAttribute('autocomplete', 'off');
  expect(input).toHaveAttribute('aria-hidden', 'true');
  expect(input.closest('[aria-hidden="true"]')).not.toBeNull();
  // Not reachable by role: screen readers do not offer it.
  expect(screen.queryByRole('textbox', { name: label })).toBeNull();
}

describe('the public forms share one honeypot', () => {
  it('is hidden the same way in the contact, access-request, sign-up and newsletter forms', () => {
    const contact = render(<ContactForm />);
    expectHiddenHoneypot(contact.container, 'Não preencha este campo');
    contact.unmount();

    const access = render(<AccessRequestForm />);
    expectHiddenHoneypot(access.container, 'Não preencha este campo');
    access.unmount();

    const signup = render(<SignUpForm />);
    expectHiddenHoneypot(signup.container, 'Não preencher');
    signup.unmount();

    const texts = {
      formLabel: 'Subscrever a newsletter',
      emailLabel: 'Email',
      emailPlaceholder: 'o seu email',
      customerTypeLabel: 'Tipo de cliente',
      customerTypePlaceholder: 'Tipo de cliente',
      honeypotLabel: 'Não preencha este campo',
      submit: 'Subscrever',
      submitting: 'A processar...',
      privacy: 'Política de privacidade',
    };
    const newsletter = render(<NewsletterFormMarkup variant="footer" idBase="nl" texts={texts} />);
    expectHiddenHoneypot(newsletter.container, 'Não preencha este campo');
    // The plain (server-rendered) form posts it under the name the loader reads back.
    expect(newsletter.container.querySelector('input[name="website"]')).toHaveAttribute('id', 'nl-website');
  });
});

describe('the sign-up form through the shared Field', () => {
  it('announces its required fields as required, and links the strength meter only once there is a password', async () => {
    render(<SignUpForm />);
    for (const label of [/^Primeiro nome/, /^Apelido/, /^Email/, /^Password/, /^Confirmar password/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getByLabelText('Empresa (opcional)')).not.toHaveAttribute('aria-required');

    const password = screen.getByLabelText(/^Password/);
    expect(password).not.toHaveAttribute('aria-describedby');
    fireEvent.change(password, { target: { value: 'abc' } });
    expect(await screen.findByTestId('password-strength')).toBeInTheDocument();
    expect(password.getAttribute('aria-describedby')).toBe('signup-password-hint');
    expect(document.getElementById('signup-password-hint')).toContainElement(screen.getByTestId('password-strength'));

  });
});

describe('Field', () => {
  it('names the control by its label and describes it by its error, then its hint', () => {
    render(
      <Field id="f-code" label="Código" required error="Indique o código." description="Seis dígitos.">
        <input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /^Código/ });
    expect(input).toHaveAttribute('id', 'f-code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(described(input)).toEqual(['Indique o código.', 'Seis dígitos.']);
  });

  it('leaves a valid control unmarked and keeps what the control sets itself', () => {
    render(
      <>
        <Field id="f-name" label="Nome">
          <input />
        </Field>
        <Field id="f-phone" label="Telefone" error="Número inválido.">
          <input aria-describedby="other-note" />
        </Field>
        <p id="other-note">Nota</p>
      </>,
    );
    const name = screen.getByRole('textbox', { name: 'Nome' });
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Número inválido.')).toBeInTheDocument();
    expect(described(screen.getByRole('textbox', { name: 'Telefone' }))).toEqual(['Nota']);
  });

  it('does not put the control id on a layout wrapper', () => {
    render(
      <Field id="f-row" label="Quantidade">
        <div data-testid="row">
          <input id="f-row" />
        </div>
      </Field>,
    );
    expect(screen.getByTestId('row')).not.toHaveAttribute('id');
    expect(screen.getByRole('textbox', { name: 'Quantidade' })).toHaveAttribute('id', 'f-row');
  });
});

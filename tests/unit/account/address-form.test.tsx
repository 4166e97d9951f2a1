import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AddressForm } from '@/components/account/address-form';
import { toast } from '@/components/ui/toast';
import { createAddressAction, updateAddressAction } from '@/server/addresses/actions';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/server/addresses/actions', () => ({ createAddressAction: jest.fn(), updateAddressAction: jest.fn() }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const create = jest.mocked(createAddressAction);
const update = jest.mocked(updateAddressAction);

const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar morada' }));

function fillValid() {
  type(/^Nome da morada/, 'Obra Gaia');
  type(/^Destinatário ou nome fiscal/, 'Construções Teste, Lda.');
  type(/^NIF/, 'PT 509 123 457');
  type(/^Morada\s*\*?$/, 'Rua da Obra, 7');
  type(/^Código postal/, '4400-100');
  type(/^Localidade/, 'Vila Nova de Gaia');
}

beforeEach(() => {
  create.mockReset();
  update.mockReset();
  jest.mocked(toast.success).mockReset();
});

describe('address form', () => {
  it('labels every control, with hints, Portugal as the country and the two defaults unticked', () => {
    render(<AddressForm />);
    for (const label of [/^Nome da morada/, /^Destinatário/, /^NIF/, /^Morada\s*\*?$/, /^Morada \(continuação/, /^Código postal/, /^Localidade/, /^País/, /^Telefone/]) expect(field(label)).toBeInTheDocument();
    expect(field(/^País/)).toHaveValue('PT');
    expect(screen.getByRole('option', { name: 'Portugal' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Morada de entrega predefinida' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Morada de faturação predefinida' })).not.toBeChecked();
  });

  it('refuses a bad postal code and a NIF with a wrong check digit, in Portuguese, and sends nothing', async () => {
    render(<AddressForm />);
    fillValid();
    type(/^Código postal/, '4400100');
    type(/^NIF/, '123456780');
    submit();
    expect(await screen.findByText('Código postal inválido: use o formato 1234-567.')).toBeInTheDocument();
    expect(screen.getByText(/^NIF inválido/)).toBeInTheDocument();
    expect(field(/^Código postal/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Código postal/).getAttribute('aria-describedby')).toContain('error');
    expect(create).not.toHaveBeenCalled();
  });

  it('asks for the required fields', async () => {
    render(<AddressForm />);
    submit();
    expect(await screen.findByText('Dê um nome à morada (até 60 caracteres).')).toBeInTheDocument();
    expect(screen.getByText('Indique a localidade (até 80 caracteres).')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the address and tells the caller', async () => {
    create.mockResolvedValue({ ok: true, data: { message: 'Account.addresses.created', id: 42 } });
    const onSaved = jest.fn();
    render(<AddressForm onSaved={onSaved} />);
    fillValid();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Morada de faturação predefinida' }));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 42 }));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ label: 'Obra Gaia', postal_code: '4400-100', nif: 'PT 509 123 457', country: 'PT', is_default_billing: true, is_default_delivery: false }));
    expect(toast.success).toHaveBeenCalledWith('Morada guardada.');
  });

  it('edits an address, shown filled in', async () => {
    update.mockResolvedValue({ ok: true, data: { message: 'Account.addresses.updated' } });
    render(<AddressForm addressId={5} initial={{ label: 'Casa', name: 'Ana', nif: null, line1: 'Rua A', line2: null, postal_code: '4430-205', locality: 'Gaia', country: 'PT', phone: null, is_default_delivery: true, is_default_billing: false }} />);
    expect(field(/^Código postal/)).toHaveValue('4430-205');
    expect(screen.getByRole('checkbox', { name: 'Morada de entrega predefinida' })).toBeChecked();
    type(/^Localidade/, 'Canidelo');
    submit();
    await waitFor(() => expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 5, locality: 'Canidelo', is_default_delivery: true })));
    expect(toast.success).toHaveBeenCalledWith('Morada atualizada.');
  });

  it('shows the field errors and refusals the server answers', async () => {
    create.mockResolvedValueOnce({ ok: false, error: { code: 'bad_request', message: 'Errors.badRequest', fieldErrors: { postal_code: ['Orders.validation.postalCodeInvalid'] } } });
    render(<AddressForm />);
    fillValid();
    submit();
    expect(await screen.findByText('Código postal inválido: use o formato 1234-567.')).toBeInTheDocument();
    create.mockResolvedValueOnce({ ok: false, error: { code: 'not_found', message: 'Account.addresses.notFound' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta morada já não existe. Atualize a página.');
  });
});

/** @jest-environment node */
import type { AuditEntryView } from '@/lib/admin/audit';
import {
  describeActor,
  describeAuditEntry,
  describeCatalogueChange,
  describeModels,
  describeOrderEvent,
  describeProductChanges,
  describeValue,
  excerptPair,
  fieldLabel,
  type Names,
} from '@/server/audit/describe';

/**
 * Issue 23, "differences in words": the renderer behind the stale-save notice, the audit history,
 * the change log and the order history (server/audit/describe.ts) names fields in Portuguese,
 * models by code and field, people, families and brands by name, states and payment methods by
 * their labels, and prices the pt-PT way.
 */

/** Intl's no-break spaces as plain ones, to compare with written text. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const plainRows = (rows: { label: string; before: string; after: string }[]) => rows.map((r) => ({ label: r.label, before: plain(r.before), after: plain(r.after) }));

const names: Names = {
  people: new Map([['oOCF-7d1e', 'Marta Sousa']]),
  families: new Map([[12, { code: '40-010', title: 'Tubo multicamada' }]]),
  familyTitles: new Map([
    ['40-010', 'Tubo multicamada'],
    ['40-020', 'Acessórios de compressão'],
  ]),
  brands: new Map([[3, 'Valgaia']]),
  chapters: new Map([[40, 'Canalização']]),
};

/** A model as the product form holds it. */
function formModel(code: string, price: string, extra: Record<string, unknown> = {}) {
  return {
    id: 1,
    code,
    name: 'Tubo multicamada 16 mm',
    size: '16 mm',
    price,
    discount_group: 'A1',
    supplier: '',
    small_package: '10',
    medium_package: '',
    large_package: '',
    ean: '',
    status: 'active',
    stock_status: 'in_stock',
    attributes: 'Diâmetro = 16 mm\nMaterial = PEX',
    ...extra,
  };
}

describe('field labels', () => {
  it('names the recorded fields in Portuguese, a page label first', () => {
    expect(fieldLabel('price')).toBe('Preço');
    expect(fieldLabel('name')).toBe('Nome');
    expect(fieldLabel('family')).toBe('Família');
    expect(fieldLabel('discount_group')).toBe('Grupo de desconto');
    expect(fieldLabel('informacao_tecnica')).toBe('Informação técnica');
    expect(fieldLabel('name', { name: 'Nome do produto' })).toBe('Nome do produto');
  });
});

describe('models by code and field', () => {
  it('shows a price clash as "TJP-16111 · Preço" with pt-PT prices, not the models as JSON', () => {
    const rows = describeModels([formModel('TJP-16111', '0,54'), formModel('TJP-16112', '0,71')], [formModel('TJP-16111', '0,59'), formModel('TJP-16112', '0,71')], names);
    expect(plainRows(rows)).toEqual([{ label: 'TJP-16111 · Preço', before: '0,54 €', after: '0,59 €' }]);
  });

  it('compares a save (parsed input) with the form values without seeing format differences', () => {
    // The save's input: canonical price, parsed attributes, nulls; the form: decimal comma, lines, blanks.
    const input = { ...formModel('TJP-16111', '0.54'), supplier: null, medium_package: null, attributes: [{ name: 'Diâmetro', value: '16', unit: 'mm', numericValue: '16' }, { name: 'Material', value: 'PEX', unit: null, numericValue: null }] };
    expect(describeModels([input], [formModel('TJP-16111', '0,5400')], names)).toEqual([]);
    const renamed = describeModels([input], [formModel('TJP-16111', '0,54', { size: '16x2 mm', stock_status: 'on_order', status: 'inactive' })], names);
    expect(plainRows(renamed)).toEqual([
      { label: 'TJP-16111 · Medida', before: '16 mm', after: '16x2 mm' },
      { label: 'TJP-16111 · Estado', before: 'Ativo', after: 'Inativo' },
      { label: 'TJP-16111 · Stock', before: 'Em stock', after: 'Por encomenda' },
    ]);
  });

  it('names a model only one side has', () => {
    const rows = describeModels([formModel('TJP-16111', '0,54')], [formModel('TJP-16111', '0,54'), formModel('TJP-16120', '1,2')], names);
    expect(plainRows(rows)).toEqual([{ label: 'TJP-16120 · Modelo', before: '—', after: 'Tubo multicamada 16 mm · 16 mm · 1,20 € · Ativo' }]);
  });

  it('reads the one-line models of older audit entries the same way', () => {
    const before = ['TJP-16111 · Tubo multicamada 16 mm · 16 mm · 0.54 € · ativo · in_stock · EAN 5601234567892 · Diâmetro = 16 mm'];
    const after = ['TJP-16111 · Tubo multicamada 16 mm · 16 mm · 0.59 € · ativo · in_stock · EAN 5601234567892 · Diâmetro = 16 mm'];
    expect(plainRows(describeModels(before, after, names))).toEqual([{ label: 'TJP-16111 · Preço', before: '0,54 €', after: '0,59 €' }]);
  });
});

describe('products', () => {
  it('names family, brand and chapter instead of their ids, booleans in words, in the form order', () => {
    const rows = describeProductChanges(
      { name: 'Tubo', family_id: '12', brand_id: '', chapter_code: '40', active: true, models: [] },
      { name: 'Tubo PEX', family_id: 12, brand_id: '3', chapter_code: 40, active: false, models: [] },
      names,
    );
    expect(rows).toEqual([
      { label: 'Nome', before: 'Tubo', after: 'Tubo PEX' },
      { label: 'Marca', before: '—', after: 'Valgaia' },
      { label: 'Visível na loja', before: 'Sim', after: 'Não' },
    ]);
    expect(describeValue('family_id', '12', names)).toBe('40-010 · Tubo multicamada');
    expect(describeValue('chapter_code', 40, names)).toBe('40 · Canalização');
  });

  it('cuts two long texts around their first difference, so they never read the same', () => {
    const start = 'Tubo multicamada PEX/AL/PEX para água quente e fria. '.repeat(8);
    const [a, b] = excerptPair(`${start}Pressão máxima 6 bar.`, `${start}Pressão máxima 10 bar.`);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^….*6 bar\.$/);
    expect(b).toMatch(/^….*10 bar\.$/);
    expect(a.length).toBeLessThanOrEqual(202);
  });
});

describe('orders', () => {
  it('says states, payment methods and people in words', () => {
    const placed = describeOrderEvent({ from: null, to: 'pending_payment', actor: 'user:oOCF-7d1e', note: 'payment:bank_transfer' }, names);
    expect(placed).toEqual({ change: 'A aguardar pagamento', actor: 'Marta Sousa', note: 'Pagamento: Transferência bancária' });
    const done = describeOrderEvent({ from: 'ready_for_pickup', to: 'completed', actor: 'staff:Editora Demo', note: null }, names);
    expect(done).toEqual({ change: 'Pronta para levantamento → Concluída', actor: 'Editora Demo', note: null });
    expect(describeActor('pagamento:ifthenpay', names)).toBe('Pagamento ifthenpay');
    expect(describeActor('system', names)).toBe('Sistema');
    expect(describeActor('user:gone', names)).toBe('Utilizador removido');
  });

  it('puts an order audit entry in words: summary and state values', () => {
    const entry: AuditEntryView = {
      id: 1,
      entity: 'order',
      at: '2026-11-20T10:00:00.000Z',
      actor: 'Editora Demo',
      action: 'update',
      summary: 'Estado: ready_for_pickup → completed',
      changes: [{ field: 'status', before: 'ready_for_pickup', after: 'completed' }],
    };
    const described = describeAuditEntry('order', entry, names, { status: 'Estado' });
    expect(described.summary).toBe('Estado: Pronta para levantamento → Concluída');
    expect(described.rows).toEqual([{ label: 'Estado', before: 'Pronta para levantamento', after: 'Concluída' }]);
    const paid = describeAuditEntry('order', { ...entry, summary: null, changes: [{ field: 'payment', before: null, after: 'paid' }] }, names, { payment: 'Pagamento' });
    expect(paid.rows).toEqual([{ label: 'Pagamento', before: '—', after: 'Paga' }]);
  });
});

describe('the change log', () => {
  it('labels the field and writes the values in words', () => {
    const price = describeCatalogueChange({ kind: 'price', field: 'price', modelCode: 'TJP-16111', before: '0.54', after: '0.59' }, names);
    expect({ ...price, before: plain(price.before), after: plain(price.after) }).toEqual({ field: 'Preço', before: '0,54 €', after: '0,59 €', hasValues: true });
    expect(describeCatalogueChange({ kind: 'text', field: 'family', modelCode: null, before: '40-010', after: '40-020' }, names)).toMatchObject({
      field: 'Família',
      before: '40-010 · Tubo multicamada',
      after: '40-020 · Acessórios de compressão',
    });
    // Staff edits recorded the brand's id; imports its name.
    expect(describeCatalogueChange({ kind: 'text', field: 'brand', modelCode: null, before: null, after: '3' }, names)).toMatchObject({ field: 'Marca', before: '—', after: 'Valgaia' });
    expect(describeCatalogueChange({ kind: 'text', field: 'brand', modelCode: null, before: 'Valgaia', after: 'Roca' }, names)).toMatchObject({ before: 'Valgaia', after: 'Roca' });
    // A new model's line carries its price without a field.
    const added = describeCatalogueChange({ kind: 'new', field: null, modelCode: 'TJP-16120', before: null, after: '1.2' }, names);
    expect({ field: added.field, after: plain(added.after) }).toEqual({ field: 'Preço', after: '1,20 €' });
    expect(describeCatalogueChange({ kind: 'new', field: null, modelCode: null, before: null, after: null }, names)).toMatchObject({ field: null, hasValues: false });
  });
});

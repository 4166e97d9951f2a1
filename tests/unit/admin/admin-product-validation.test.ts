/** @jest-environment node */
import { adminModelSchema, adminProductSchema, emptyModel, emptyProductForm, formatAttributeLines, parseAttributeLines, priceForForm } from '@/lib/validation/admin-product';

/** The product form's rules (issue 13), shared by the form and the server action. */

describe('technical attributes as lines', () => {
  it('splits value and unit like the import and gives the filters their numeric value', () => {
    const parsed = parseAttributeLines('Diâmetro = 16 mm\nComprimento = 0,5 m\nLigação = 1/2"\nPressão = PN16\nPotência=2 kW | Material = Latão  cromado\n\n');
    expect(parsed).toEqual({
      ok: true,
      attributes: [
        { name: 'Diâmetro', value: '16', unit: 'mm', numericValue: '16' },
        { name: 'Comprimento', value: '0,5', unit: 'm', numericValue: '500' },
        { name: 'Ligação', value: '1/2"', unit: null, numericValue: '15' },
        { name: 'Pressão', value: 'PN16', unit: null, numericValue: '16' },
        { name: 'Potência', value: '2', unit: 'kW', numericValue: '2000' },
        { name: 'Material', value: 'Latão cromado', unit: null, numericValue: null },
      ],
    });
    if (parsed.ok) expect(parseAttributeLines(formatAttributeLines(parsed.attributes))).toEqual(parsed);
  });

  it('refuses lines without a name, a value, or with a name twice', () => {
    expect(parseAttributeLines('sem igual')).toEqual({ ok: false, message: 'Admin.Products.errors.attributeFormat' });
    expect(parseAttributeLines('= 3')).toEqual({ ok: false, message: 'Admin.Products.errors.attributeFormat' });
    expect(parseAttributeLines('Cor =  ')).toEqual({ ok: false, message: 'Admin.Products.errors.attributeValue' });
    expect(parseAttributeLines('Cor = branco\ncor = preto')).toEqual({ ok: false, message: 'Admin.Products.errors.attributeRepeated' });
  });
});

describe('a model row', () => {
  const row = (over: Partial<ReturnType<typeof emptyModel>>) => adminModelSchema.safeParse({ ...emptyModel(), code: 'M-1', price: '1', ...over });
  it('takes decimal commas and points, at most 4 decimals', () => {
    expect(row({ price: '1.234,5' }).data?.price).toBe('1234.50');
    expect(row({ price: '12,3456' }).data?.price).toBe('12.3456');
    expect(row({ price: ' 7.1 ' }).data?.price).toBe('7.10');
    expect(row({ price: '1,23456' }).error?.issues[0]?.message).toBe('Admin.Products.errors.priceDecimals');
    expect(row({ price: '' }).error?.issues[0]?.message).toBe('Admin.Products.errors.required');
    expect(priceForForm('12.5000')).toBe('12,50');
  });
  it('checks the EAN check digit and the packages like the import', () => {
    expect(row({ ean: '5601234567892' }).success).toBe(true);
    expect(row({ ean: '5601234567891' }).error?.issues[0]?.message).toBe('Admin.Products.errors.eanCheckDigit');
    expect(row({ ean: '12345' }).error?.issues[0]?.message).toBe('Admin.Products.errors.eanLength');
    expect(row({ small_package: '10 / 50', large_package: '-' }).data).toMatchObject({ small_package: '10/50', large_package: '-' });
    expect(row({ small_package: 'caixa' }).error?.issues[0]?.message).toBe('Admin.Products.errors.packageFormat');
    expect(row({ code: 'M 1' }).error?.issues[0]?.message).toBe('Admin.Products.errors.codeFormat');
  });
});

describe('the whole form', () => {
  it('turns empty texts into nulls and ids into numbers', () => {
    const form = { ...emptyProductForm(), product_code: 'P-1', name: 'Sifão', chapter_code: '10', family_id: '3', models: [{ ...emptyModel(), code: 'P-1-A', price: '2' }] };
    const parsed = adminProductSchema.parse(form);
    expect(parsed).toMatchObject({ id: null, version: 0, chapter_code: 10, family_id: 3, brand_id: null, description: null, seo_name: null, images: [] });
  });
  it('refuses two rows with one code and one image twice', () => {
    const form = {
      ...emptyProductForm(),
      product_code: 'P-1',
      name: 'Sifão',
      chapter_code: '10',
      family_id: '3',
      images: [
        { url: '/media/uploads/images/2026/a.webp', alt: '', main: true },
        { url: '/media/uploads/images/2026/a.webp', alt: '', main: false },
      ],
      models: [
        { ...emptyModel(), code: 'P-1-A', price: '2' },
        { ...emptyModel(), code: 'p-1-a', price: '3' },
      ],
    };
    const issues = adminProductSchema.safeParse(form).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['models.1.code', 'Admin.Products.errors.modelCodeRepeated'],
      ['images.1.url', 'Admin.Products.errors.imageRepeated'],
    ]);
  });
});

/**
 * Labelled search queries over the deterministic demo catalogue (seed 1967), written as rules
 * over the generator's data: what an installer typing the query wants to find. The rules look at
 * product names, families, brands, sizes and codes only — never at what the search engine
 * returns. `build-queries.ts` resolves them into `queries.json` (product codes), which the
 * quality bench reads.
 *
 * Grades: `relevant` = the product meant (gain 2); `partial` = acceptable but not what was meant
 * (gain 1). Everything else is not relevant.
 */
import { generateDemoCatalogue } from '@/scripts/seed/catalogue';

export const KINDS = ['exact', 'no-accents', 'typo', 'plural-singular', 'synonym', 'size', 'code-ean'] as const;
export type Kind = (typeof KINDS)[number];

export interface DemoProduct {
  code: string;
  name: string;
  family: string;
  brand: string;
  sizes: string[];
  models: string[];
  /** Model names (product name + variant: finish, colour, size). */
  modelNames: string[];
  eans: string[];
}

export type Rule = (p: DemoProduct) => boolean;

export interface LabelSpec {
  query: string;
  kind: Kind;
  relevant: Rule;
  partial?: Rule;
  note?: string;
}

/** Products of the demo catalogue in generation order. */
export function demoProducts(seed = 1967): DemoProduct[] {
  const byCode = new Map<string, DemoProduct>();
  for (const r of generateDemoCatalogue(seed).rows) {
    const code = r.product_id ?? '';
    let p = byCode.get(code);
    if (!p) {
      p = { code, name: r.product_name ?? '', family: r.family_code ?? '', brand: r.brand ?? '', sizes: [], models: [], modelNames: [], eans: [] };
      byCode.set(code, p);
    }
    if (r.size && !p.sizes.includes(r.size)) p.sizes.push(r.size);
    if (r.model_code) p.models.push(r.model_code);
    if (r.model_name) p.modelNames.push(r.model_name);
    if (r.ean) p.eans.push(r.ean);
  }
  return [...byCode.values()];
}

// Rule helpers --------------------------------------------------------------------------------

/** The name starts with these words (the kind of product). */
const starts =
  (...prefixes: string[]): Rule =>
  (p) =>
    prefixes.some((x) => p.name.startsWith(`${x} `) || p.name === x);
const nameHas =
  (re: RegExp): Rule =>
  (p) =>
    re.test(p.name);
const fam =
  (...codes: string[]): Rule =>
  (p) =>
    codes.includes(p.family);
const sized =
  (...sizes: string[]): Rule =>
  (p) =>
    sizes.some((s) => p.sizes.includes(s));
const all =
  (...rules: Rule[]): Rule =>
  (p) =>
    rules.every((r) => r(p));
const any =
  (...rules: Rule[]): Rule =>
  (p) =>
    rules.some((r) => r(p));
const brand =
  (name: string): Rule =>
  (p) =>
    p.brand === name;
const modelHas =
  (re: RegExp): Rule =>
  (p) =>
    p.modelNames.some((n) => re.test(n));
const is =
  (code: string): Rule =>
  (p) =>
    p.code === code;

/** A whole inch size inside a name (`1/2"` but not the end of `1 1/2"`). */
const inchInName = (inch: string): Rule => {
  const esc = inch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const re = new RegExp(`(^|[^0-9 /.])${esc}|(^|[^0-9]) ${esc}`);
  return (p) => re.test(p.name);
};

const tapsForBasin = any(
  all(fam('10-020'), starts('Torneira')),
  all(fam('20-010', '20-020'), nameHas(/^Torneira \S+ de lavatório/)),
);

export const LABELS: LabelSpec[] = [
  // exact -------------------------------------------------------------------------------------
  { query: 'esquentador', kind: 'exact', relevant: starts('Esquentador') },
  { query: 'termoacumulador', kind: 'exact', relevant: starts('Termoacumulador') },
  { query: 'torneira de cozinha', kind: 'exact', relevant: starts('Torneira de cozinha') },
  { query: 'misturadora de duche', kind: 'exact', relevant: starts('Misturadora de duche') },
  { query: 'base de duche', kind: 'exact', relevant: starts('Base de duche') },
  { query: 'sanita suspensa', kind: 'exact', relevant: starts('Sanita suspensa') },
  {
    query: 'válvula de esfera',
    kind: 'exact',
    relevant: all(fam('40-080'), starts('Válvula de esfera')),
    partial: any(nameHas(/^Válvula de esfera de 1" para carretel/), nameHas(/^Válvula de corte de gás de esfera/)),
  },
  { query: 'caixa de visita', kind: 'exact', relevant: starts('Caixa de visita') },
  { query: 'bomba submersível', kind: 'exact', relevant: starts('Bomba submersível') },
  { query: 'radiador de alumínio', kind: 'exact', relevant: starts('Radiador de alumínio') },
  { query: 'vaso de expansão', kind: 'exact', relevant: starts('Vaso de expansão') },
  { query: 'extrator de casa de banho', kind: 'exact', relevant: starts('Extrator de casa de banho') },
  { query: 'autoclismo interior', kind: 'exact', relevant: starts('Autoclismo interior') },
  {
    query: 'detetor de monóxido de carbono',
    kind: 'exact',
    relevant: starts('Detetor de monóxido de carbono'),
    partial: starts('Detetor de gás natural e monóxido de carbono'),
  },
  { query: 'filtro de areia', kind: 'exact', relevant: starts('Filtro de areia') },
  { query: 'clorador salino', kind: 'exact', relevant: starts('Clorador salino') },
  { query: 'lava-louça inox', kind: 'exact', relevant: starts('Lava-louça em aço inox') },
  {
    query: 'torneira',
    kind: 'exact',
    relevant: starts('Torneira'),
    note: 'Every tap, of any family; not the cartridges, hoses or spouts sold for taps.',
  },
  { query: 'válvula redutora de pressão', kind: 'exact', relevant: starts('Válvula redutora de pressão') },
  { query: 'tubo PPR', kind: 'exact', relevant: starts('Tubo PPR') },
  {
    query: 'cartucho torneira',
    kind: 'exact',
    relevant: all(starts('Cartucho'), nameHas(/para torneira/)),
    partial: all(starts('Cartucho'), nameHas(/para misturadora/)),
    note: 'The accessory is what is asked for here.',
  },
  { query: 'ânodo termoacumulador', kind: 'exact', relevant: starts('Ânodo de magnésio para termoacumulador'), partial: starts('Ânodo') },
  { query: 'kit exaustão caldeira', kind: 'exact', relevant: nameHas(/^Kit de exaustão .* para caldeira/) },
  { query: 'flexível esquentador', kind: 'exact', relevant: starts('Flexível de ligação para esquentador') },
  { query: 'torneira lavatório', kind: 'exact', relevant: tapsForBasin },
  { query: 'bomba de calor piscina', kind: 'exact', relevant: starts('Bomba de calor para piscina') },
  { query: 'torneira de boia', kind: 'exact', relevant: starts('Torneira de boia'), partial: starts('Válvula de enchimento') },
  { query: 'tampa de sanita', kind: 'exact', relevant: starts('Tampa de sanita') },
  { query: 'sifão lava-louça', kind: 'exact', relevant: all(starts('Sifão'), nameHas(/para lava-louça/)) },
  {
    query: 'bomba submersível com boia',
    kind: 'exact',
    relevant: all(starts('Bomba submersível'), nameHas(/com boia/)),
    partial: starts('Bomba submersível'),
    note: '"sem boia" pumps are the opposite of what was asked.',
  },
  { query: 'extintor CO2', kind: 'exact', relevant: starts('Extintor de CO2') },
  { query: 'válvula de segurança termoacumulador', kind: 'exact', relevant: starts('Válvula de segurança para termoacumulador') },
  { query: 'resistência termoacumulador', kind: 'exact', relevant: starts('Resistência elétrica blindada para termoacumulador') },
  { query: 'grelha base de duche', kind: 'exact', relevant: starts('Grelha em inox para base de duche') },
  { query: 'torneira temporizada duche', kind: 'exact', relevant: starts('Torneira temporizada de duche') },
  { query: 'torneira fluxa', kind: 'exact', relevant: all(starts('Torneira'), brand('Fluxa')), partial: all(brand('Fluxa'), nameHas(/^(Misturadora|Chuveiro|Torneira)/)) },
  { query: 'válvula de esfera inox', kind: 'exact', relevant: starts('Válvula de esfera em aço inox') },
  {
    query: 'misturadora duche preta',
    kind: 'exact',
    relevant: all(starts('Misturadora de duche'), modelHas(/pret[ao] mate/)),
    partial: starts('Misturadora de duche'),
  },

  // no-accents -----------------------------------------------------------------------------
  { query: 'lavatorio suspenso', kind: 'no-accents', relevant: starts('Lavatório suspenso') },
  {
    query: 'valvula de retencao',
    kind: 'no-accents',
    relevant: all(fam('40-120'), starts('Válvula de retenção')),
    partial: starts('Válvula de retenção'),
  },
  { query: 'manometro', kind: 'no-accents', relevant: starts('Manómetro') },
  { query: 'sifao de garrafa', kind: 'no-accents', relevant: starts('Sifão de garrafa') },
  { query: 'caleira de duche', kind: 'no-accents', relevant: starts('Caleira de duche') },
  {
    query: 'misturadora termostatica',
    kind: 'no-accents',
    relevant: any(nameHas(/^Misturadora de (duche|banheira) termostática/), starts('Misturadora termostática')),
  },
  { query: 'flexivel de gas', kind: 'no-accents', relevant: starts('Flexível de gás') },
  { query: 'valvula de admissao de ar', kind: 'no-accents', relevant: starts('Válvula de admissão de ar') },
  { query: 'termostato ambiente', kind: 'no-accents', relevant: nameHas(/^Termóstato (de )?ambiente/) },
  { query: 'cabeca termostatica', kind: 'no-accents', relevant: starts('Cabeça termostática') },
  { query: 'contador de agua', kind: 'no-accents', relevant: starts('Contador de água') },
  { query: 'extintor de po', kind: 'no-accents', relevant: starts('Extintor de pó químico') },
  { query: 'deposito hidropressor', kind: 'no-accents', relevant: starts('Depósito hidropressor') },
  { query: 'lava-louca ceramico', kind: 'no-accents', relevant: starts('Lava-louça cerâmico') },
  { query: 'eletrovalvula de rega', kind: 'no-accents', relevant: starts('Eletroválvula de rega') },
  { query: 'coletor solar termico', kind: 'no-accents', relevant: starts('Coletor solar térmico') },
  { query: 'grelha de ventilacao', kind: 'no-accents', relevant: starts('Grelha de ventilação') },
  { query: 'espelho com iluminacao', kind: 'no-accents', relevant: starts('Espelho com iluminação LED') },
  { query: 'valvula de seguranca termoacumulador', kind: 'no-accents', relevant: starts('Válvula de segurança para termoacumulador') },
  { query: 'triturador sanitario', kind: 'no-accents', relevant: starts('Triturador sanitário') },
  { query: 'anodo de magnesio', kind: 'no-accents', relevant: starts('Ânodo de magnésio') },
  { query: 'fraldario', kind: 'no-accents', relevant: starts('Fraldário') },
  { query: 'lava-maos', kind: 'no-accents', relevant: starts('Lava-mãos') },
  { query: 'banco de balneario', kind: 'no-accents', relevant: starts('Banco de balneário') },
  { query: 'redutor de pressao de gas', kind: 'no-accents', relevant: starts('Redutor de pressão de gás') },

  // typo --------------------------------------------------------------------------------------
  { query: 'esqentador', kind: 'typo', relevant: starts('Esquentador') },
  { query: 'torniera de cozinha', kind: 'typo', relevant: starts('Torneira de cozinha') },
  { query: 'autoclimso', kind: 'typo', relevant: starts('Autoclismo') },
  { query: 'termoacumuldor', kind: 'typo', relevant: starts('Termoacumulador') },
  { query: 'misturdora banheira', kind: 'typo', relevant: starts('Misturadora de banheira') },
  { query: 'radiadro', kind: 'typo', relevant: starts('Radiador') },
  { query: 'sifao garafa', kind: 'typo', relevant: starts('Sifão de garrafa') },
  {
    query: 'valvla de esfera',
    kind: 'typo',
    relevant: all(fam('40-080'), starts('Válvula de esfera')),
    partial: any(nameHas(/^Válvula de esfera de 1" para carretel/), nameHas(/^Válvula de corte de gás de esfera/)),
  },
  { query: 'extinor', kind: 'typo', relevant: starts('Extintor') },
  { query: 'manometor', kind: 'typo', relevant: starts('Manómetro') },
  { query: 'pressostoto', kind: 'typo', relevant: starts('Pressostato') },
  { query: 'desentupidro', kind: 'typo', relevant: starts('Desentupidor'), partial: starts('Mola desentupidora') },
  { query: 'cloarador salino', kind: 'typo', relevant: starts('Clorador salino') },
  { query: 'aspresor', kind: 'typo', relevant: starts('Aspersor') },
  { query: 'caldiera', kind: 'typo', relevant: starts('Caldeira') },
  { query: 'circulaodr', kind: 'typo', relevant: starts('Circulador') },
  { query: 'silcone sanitario', kind: 'typo', relevant: starts('Silicone sanitário') },
  { query: 'toalehiro', kind: 'typo', relevant: starts('Toalheiro') },
  { query: 'bomba submercivel', kind: 'typo', relevant: starts('Bomba submersível') },
  { query: 'caixa de vizita', kind: 'typo', relevant: starts('Caixa de visita') },
  { query: 'ralo sifunado', kind: 'typo', relevant: starts('Ralo sifonado') },
  { query: 'resguardo de duxe', kind: 'typo', relevant: starts('Resguardo de duche') },
  { query: 'estrutura suspença sanita', kind: 'typo', relevant: starts('Estrutura suspensa para sanita') },
  { query: 'programdor de rega', kind: 'typo', relevant: starts('Programador de rega') },
  { query: 'valvula reductora pressao', kind: 'typo', relevant: starts('Válvula redutora de pressão') },

  // plural-singular ----------------------------------------------------------------------
  { query: 'torneiras de jardim', kind: 'plural-singular', relevant: starts('Torneira de jardim') },
  { query: 'sifões', kind: 'plural-singular', relevant: starts('Sifão') },
  { query: 'uniões PPR', kind: 'plural-singular', relevant: all(starts('União'), nameHas(/ PPR /)) },
  { query: 'flexíveis de chuveiro', kind: 'plural-singular', relevant: starts('Flexível de chuveiro') },
  {
    query: 'painéis solares',
    kind: 'plural-singular',
    relevant: starts('Painel solar'),
    partial: any(starts('Coletor solar térmico'), starts('Kit solar termossifão')),
  },
  { query: 'carretéis de incêndio', kind: 'plural-singular', relevant: starts('Carretel de incêndio') },
  {
    query: 'reduções de cobre',
    kind: 'plural-singular',
    relevant: starts('Redução de cobre'),
    partial: any(starts('Redução em bronze'), all(starts('Redução de compressão'), nameHas(/tubo de cobre/))),
  },
  { query: 'tampões PVC', kind: 'plural-singular', relevant: all(starts('Tampão'), nameHas(/ PVC /)) },
  {
    query: 'detetores de fumo',
    kind: 'plural-singular',
    relevant: any(starts('Detetor ótico de fumo'), starts('Detetor de fumo')),
    partial: starts('Detetor ótico-térmico'),
  },
  { query: 'radiadores', kind: 'plural-singular', relevant: starts('Radiador') },
  { query: 'ralos', kind: 'plural-singular', relevant: starts('Ralo') },
  { query: 'caixas de contador', kind: 'plural-singular', relevant: starts('Caixa de contador') },
  { query: 'coletores', kind: 'plural-singular', relevant: starts('Coletor') },
  { query: 'projetores LED piscina', kind: 'plural-singular', relevant: starts('Projetor LED para piscina') },
  { query: 'mantas ignífugas', kind: 'plural-singular', relevant: starts('Manta ignífuga') },
  { query: 'pastilha de cloro', kind: 'plural-singular', relevant: nameHas(/^Cloro (multiação )?em pastilhas/) },
  { query: 'abraçadeiras isofónicas', kind: 'plural-singular', relevant: starts('Abraçadeira isofónica') },
  { query: 'válvulas de corte de gás', kind: 'plural-singular', relevant: starts('Válvula de corte de gás') },
  { query: 'contadores de água', kind: 'plural-singular', relevant: starts('Contador de água') },
  {
    query: 'curvas PVC',
    kind: 'plural-singular',
    relevant: all(starts('Curva'), nameHas(/PVC de esgoto/)),
    partial: all(starts('Curva'), nameHas(/PVC/)),
  },
  { query: 'luvas de latão', kind: 'plural-singular', relevant: nameHas(/^Luva F-F em latão/) },
  { query: 'niples', kind: 'plural-singular', relevant: starts('Niple') },

  // synonym -------------------------------------------------------------------------------------
  { query: 'cisterna', kind: 'synonym', relevant: starts('Autoclismo') },
  {
    query: 'joelho PPR',
    kind: 'synonym',
    relevant: all(nameHas(/ PPR /), any(starts('Curva 90°'), starts('Curva 45°'), nameHas(/^Cotovelo /))),
    partial: starts('Curva de transposição PPR'),
  },
  { query: 'aquecedor de água a gás', kind: 'synonym', relevant: starts('Esquentador') },
  { query: 'cilindro elétrico 80 litros', kind: 'synonym', relevant: all(starts('Termoacumulador'), sized('80 L')), partial: starts('Termoacumulador') },
  { query: 'retrete', kind: 'synonym', relevant: starts('Sanita') },
  { query: 'lavabo', kind: 'synonym', relevant: starts('Lavatório') },
  { query: 'prato de duche', kind: 'synonym', relevant: starts('Base de duche') },
  { query: 'fita veda-roscas', kind: 'synonym', relevant: starts('Fita de teflon') },
  { query: 'extinguidor', kind: 'synonym', relevant: starts('Extintor') },
  { query: 'electrobomba submersível', kind: 'synonym', relevant: starts('Bomba submersível') },
  { query: 'tubo flexível de chuveiro', kind: 'synonym', relevant: starts('Flexível de chuveiro') },
  { query: 'vaso sanitário suspenso', kind: 'synonym', relevant: starts('Sanita suspensa') },
  { query: 'misturadora de lavatório', kind: 'synonym', relevant: tapsForBasin },
  { query: 'sumidouro', kind: 'synonym', relevant: starts('Ralo') },
  { query: 'algeroz', kind: 'synonym', relevant: starts('Caleira de telhado') },
  { query: 'placa solar', kind: 'synonym', relevant: starts('Painel solar'), partial: starts('Coletor solar térmico') },
  { query: 'climatizador', kind: 'synonym', relevant: starts('Ar condicionado') },
  { query: 'bastidor sanita', kind: 'synonym', relevant: starts('Estrutura suspensa para sanita') },
  { query: 'telefone de duche', kind: 'synonym', relevant: starts('Chuveiro de mão') },
  { query: 'sobrepressor', kind: 'synonym', relevant: starts('Grupo de pressão') },
  { query: 'boiler 100 litros', kind: 'synonym', relevant: all(starts('Termoacumulador'), sized('100 L')), partial: starts('Termoacumulador') },
  { query: 'misturadora de cozinha', kind: 'synonym', relevant: starts('Torneira de cozinha') },
  { query: 'wc suspenso', kind: 'synonym', relevant: starts('Sanita suspensa'), partial: starts('Estrutura suspensa para sanita') },
  { query: 'hidrómetro', kind: 'synonym', relevant: starts('Contador de água') },
  { query: 'saniflo', kind: 'synonym', relevant: starts('Triturador sanitário') },
  { query: 'bomba circuladora', kind: 'synonym', relevant: starts('Circulador') },
  { query: 'regulador de gás', kind: 'synonym', relevant: starts('Redutor de pressão de gás') },
  { query: 'manta anti-fogo', kind: 'synonym', relevant: starts('Manta ignífuga') },
  { query: 'exaustor casa de banho', kind: 'synonym', relevant: starts('Extrator de casa de banho') },

  // size --------------------------------------------------------------------------------------
  {
    query: 'válvula de esfera 3/4"',
    kind: 'size',
    relevant: all(fam('40-080'), starts('Válvula de esfera'), sized('3/4"')),
    partial: all(fam('40-080'), starts('Válvula de esfera')),
  },
  {
    query: 'tubo multicamada 16x2',
    kind: 'size',
    relevant: all(starts('Tubo multicamada'), sized('16x2 mm')),
    partial: starts('Tubo multicamada'),
  },
  {
    query: 'curva PPR 32 mm',
    kind: 'size',
    relevant: all(nameHas(/^Curva (90°|45°) PPR/), sized('32 mm')),
    partial: any(nameHas(/^Curva (90°|45°) PPR/), all(starts('Curva de transposição PPR'), sized('32 mm'))),
  },
  {
    query: 'flexível 1/2 polegada',
    kind: 'size',
    relevant: all(starts('Flexível'), inchInName('1/2"')),
  },
  {
    query: 'tubo cobre 15 mm',
    kind: 'size',
    relevant: all(starts('Tubo de cobre'), sized('15 mm')),
    partial: starts('Tubo de cobre'),
  },
  {
    query: 'contador de água DN20',
    kind: 'size',
    relevant: all(starts('Contador de água'), sized('DN20')),
    partial: starts('Contador de água'),
  },
  {
    query: 'termoacumulador 150 L',
    kind: 'size',
    relevant: all(starts('Termoacumulador'), sized('150 L')),
    partial: starts('Termoacumulador'),
  },
  {
    query: 'base de duche 80x80',
    kind: 'size',
    relevant: all(starts('Base de duche'), sized('80x80 cm')),
    partial: starts('Base de duche'),
  },
  {
    query: 'resguardo de duche 90 cm',
    kind: 'size',
    relevant: all(starts('Resguardo de duche'), sized('90 cm')),
    partial: starts('Resguardo de duche'),
  },
  {
    query: 'tubo pvc esgoto 110 mm',
    kind: 'size',
    relevant: all(starts('Tubo PVC de esgoto'), sized('110 mm')),
    partial: starts('Tubo PVC de esgoto'),
  },
  {
    query: 'válvula de retenção 1 1/4"',
    kind: 'size',
    relevant: all(starts('Válvula de retenção'), sized('1 1/4"')),
    partial: all(fam('40-120'), starts('Válvula de retenção')),
  },
  {
    query: 'torneira de jardim ½"',
    kind: 'size',
    relevant: all(starts('Torneira de jardim'), sized('1/2"')),
    partial: starts('Torneira de jardim'),
  },
  {
    query: 'bomba submersível 750 W',
    kind: 'size',
    relevant: all(starts('Bomba submersível'), sized('750 W')),
    partial: starts('Bomba submersível'),
  },
  {
    query: 'esquentador 14 litros',
    kind: 'size',
    relevant: all(starts('Esquentador'), sized('14 L')),
    partial: starts('Esquentador'),
  },
  {
    query: 'extintor 6 kg',
    kind: 'size',
    relevant: all(starts('Extintor'), sized('6 kg')),
    partial: starts('Extintor'),
  },
  {
    query: 'coletor 1 1/4"',
    kind: 'size',
    relevant: all(fam('40-110'), starts('Coletor'), inchInName('1 1/4"')),
    partial: all(fam('40-110'), starts('Coletor')),
  },
  {
    query: 'válvula esfera DN25',
    kind: 'size',
    relevant: all(fam('40-080'), starts('Válvula de esfera'), sized('1"')),
    partial: all(fam('40-080'), starts('Válvula de esfera')),
    note: 'DN25 is the nominal diameter of 1" threads.',
  },
  {
    query: 'tubo pex 20x2',
    kind: 'size',
    relevant: all(nameHas(/^Tubo PEX-/), sized('20x2 mm')),
    partial: any(nameHas(/^Tubo PEX-/), all(starts('Tubo multicamada PEX-AL-PEX'), sized('20x2 mm'))),
  },
  {
    query: 'sifão 1 1/2"',
    kind: 'size',
    relevant: all(starts('Sifão'), sized('1 1/2"')),
    partial: starts('Sifão'),
  },
  {
    query: 'mangueira de jardim 3/4" 25 m',
    kind: 'size',
    relevant: all(starts('Mangueira de jardim'), inchInName('3/4"'), sized('25 m')),
    partial: all(starts('Mangueira de jardim'), any(inchInName('3/4"'), sized('25 m'))),
  },
  {
    query: 'tubo multicamada 20 x 2',
    kind: 'size',
    relevant: all(starts('Tubo multicamada'), sized('20x2 mm')),
    partial: starts('Tubo multicamada'),
  },
  {
    query: 'torneira esquadria 1/2x3/8',
    kind: 'size',
    relevant: all(starts('Torneira de esquadria'), sized('1/2"x3/8"')),
    partial: starts('Torneira de esquadria'),
  },
  {
    query: 'válvula esfera 1/2 pol',
    kind: 'size',
    relevant: all(fam('40-080'), starts('Válvula de esfera'), sized('1/2"')),
    partial: all(fam('40-080'), starts('Válvula de esfera')),
  },
  {
    query: 'radiador alumínio 10 elementos',
    kind: 'size',
    relevant: all(starts('Radiador de alumínio'), sized('10 elementos')),
    partial: starts('Radiador de alumínio'),
  },
  {
    query: 'ar condicionado 12000 btu',
    kind: 'size',
    relevant: all(starts('Ar condicionado'), sized('12000 BTU')),
    partial: starts('Ar condicionado'),
  },
  {
    query: 'bomba piscina 1 cv',
    kind: 'size',
    relevant: all(starts('Bomba de piscina'), sized('1 CV')),
    partial: starts('Bomba de piscina'),
  },
  {
    query: 'vaso de expansão 24 L',
    kind: 'size',
    relevant: all(starts('Vaso de expansão'), sized('24 L')),
    partial: starts('Vaso de expansão'),
  },
  {
    query: 'niple 3/4"',
    kind: 'size',
    relevant: all(starts('Niple'), sized('3/4"')),
    partial: starts('Niple'),
  },

  // Second batch, written before looking at the engine's answers --------------------------------
  { query: 'caixa sifonada', kind: 'exact', relevant: starts('Caixa sifonada') },
  { query: 'placa de comando', kind: 'exact', relevant: starts('Placa de comando') },
  { query: 'manómetro glicerina', kind: 'exact', relevant: starts('Manómetro com glicerina') },
  { query: 'purgador automático', kind: 'exact', relevant: starts('Purgador automático'), partial: starts('Purgador') },
  { query: 'lavatório de pousar', kind: 'exact', relevant: starts('Lavatório de pousar') },
  { query: 'chuveiro de teto', kind: 'exact', relevant: starts('Chuveiro de teto') },
  { query: 'filtro de água', kind: 'exact', relevant: starts('Filtro de água') },
  { query: 'robô piscina', kind: 'exact', relevant: starts('Robô de limpeza de piscina') },
  {
    query: 'detetor de gás',
    kind: 'exact',
    relevant: any(starts('Detetor de gás natural'), starts('Detetor de GPL')),
    partial: starts('Central de deteção de gás'),
  },
  { query: 'escova aspiração central', kind: 'exact', relevant: all(starts('Escova'), nameHas(/para aspiração central/)) },
  { query: 'valvula termostatica radiador', kind: 'no-accents', relevant: starts('Válvula termostatizável'), partial: starts('Cabeça termostática') },
  { query: 'electrovalvula gas', kind: 'no-accents', relevant: starts('Eletroválvula de corte de gás') },
  { query: 'sifao de lava-louca', kind: 'no-accents', relevant: all(starts('Sifão'), nameHas(/para lava-louça/)) },
  { query: 'acessorios autoclismo', kind: 'no-accents', relevant: fam('90-070'), partial: fam('90-010', '90-020', '90-050') },
  { query: 'termostatp ambiente', kind: 'typo', relevant: nameHas(/^Termóstato (de )?ambiente/) },
  { query: 'extrctor casa de banho', kind: 'typo', relevant: starts('Extrator de casa de banho') },
  { query: 'lavatorioo', kind: 'typo', relevant: starts('Lavatório') },
  { query: 'gotejadro', kind: 'typo', relevant: starts('Gotejador') },
  { query: 'eletrovalvla rega', kind: 'typo', relevant: starts('Eletroválvula de rega') },
  { query: 'aspersores', kind: 'plural-singular', relevant: starts('Aspersor') },
  { query: 'extintores', kind: 'plural-singular', relevant: starts('Extintor') },
  { query: 'válvulas de esfera', kind: 'plural-singular', relevant: all(fam('40-080'), starts('Válvula de esfera')), partial: starts('Válvula de esfera') },
  { query: 'caleiras de telhado', kind: 'plural-singular', relevant: starts('Caleira de telhado') },
  { query: 'escovas piscina', kind: 'plural-singular', relevant: starts('Escova de parede para piscina') },
  { query: 'aquecedor de toalhas', kind: 'synonym', relevant: all(fam('110-080'), starts('Toalheiro')), partial: starts('Toalheiro') },
  { query: 'contador de gás', kind: 'synonym', relevant: starts('Caixa de contador de gás') },
  { query: 'biombo de duche', kind: 'synonym', relevant: starts('Resguardo de duche') },
  { query: 'electrobomba de piscina', kind: 'synonym', relevant: starts('Bomba de piscina') },
  { query: 'chão radiante', kind: 'synonym', relevant: fam('110-090') },
  { query: 'tubo ppr 25 mm', kind: 'size', relevant: all(starts('Tubo PPR'), sized('25 mm')), partial: starts('Tubo PPR') },
  { query: 'flexível 3/8 x 1/2', kind: 'size', relevant: all(starts('Flexível'), nameHas(/3\/8"x1\/2"/)), partial: starts('Flexível de ligação') },
  {
    query: 'redutor gás 37 mbar',
    kind: 'size',
    relevant: all(starts('Redutor de pressão de gás'), sized('37 mbar')),
    partial: starts('Redutor de pressão de gás'),
  },
  {
    query: 'mangueira 1/2 15 metros',
    kind: 'size',
    relevant: all(starts('Mangueira de jardim'), inchInName('1/2"'), sized('15 m')),
    partial: starts('Mangueira de jardim'),
  },
  { query: 'caixa de visita 40x40', kind: 'size', relevant: all(starts('Caixa de visita'), sized('40x40 cm')), partial: starts('Caixa de visita') },
  {
    query: 'ralo 10x10',
    kind: 'size',
    relevant: all(starts('Ralo'), sized('100x100 mm')),
    partial: starts('Ralo sifonado'),
    note: '10x10 (cm) is how the 100x100 mm drains are asked for.',
  },
  { query: 'flexível 50 cm', kind: 'size', relevant: all(starts('Flexível'), sized('500 mm', '0.5 m')), partial: starts('Flexível de ligação') },
];

/** Code and EAN queries: built from chosen products (their codes are only known from the data). */
export function codeLabels(products: readonly DemoProduct[]): { query: string; kind: Kind; relevant: Rule; note: string }[] {
  const inFamily = (family: string, index: number): DemoProduct => {
    const list = products.filter((p) => p.family === family);
    const p = list[index % list.length];
    if (!p) throw new Error(`No product ${index} in family ${family}`);
    return p;
  };
  const prefixed = (family: string, index: number): DemoProduct => {
    const list = products.filter((p) => p.family === family && /^[A-Z]+-\d+$/.test(p.models[0] ?? ''));
    const p = list[index % list.length];
    if (!p) throw new Error(`No product with a lettered code in family ${family}`);
    return p;
  };
  const withNumericCodes = products.filter((p) => /^\d+$/.test(p.models[0] ?? ''));
  const numeric = (index: number): DemoProduct => {
    const p = withNumericCodes[index];
    if (!p) throw new Error('Not enough products with numeric model codes');
    return p;
  };
  const first = <T>(list: readonly T[], what: string): T => {
    const x = list[0];
    if (x === undefined) throw new Error(`missing ${what}`);
    return x;
  };
  const out: { query: string; kind: Kind; relevant: Rule; note: string }[] = [];
  const add = (query: string, p: DemoProduct, note: string) => out.push({ query, kind: 'code-ean', relevant: is(p.code), note });

  const a = inFamily('10-010', 0);
  add(first(a.models, 'model'), a, 'exact model code');
  const b = inFamily('110-010', 3);
  add(b.models[1] ?? first(b.models, 'model'), b, 'exact model code (second model)');
  const c = prefixed('140-010', 5);
  add(first(c.models, 'model').toLowerCase(), c, 'model code in lower case');
  const d = prefixed('40-080', 7);
  add(first(d.models, 'model').replace('-', ''), d, 'model code without the hyphen');
  const e = prefixed('200-020', 2);
  add(first(e.models, 'model').replace('-', ' '), e, 'model code with a space');
  const f = prefixed('30-020', 4);
  add(first(f.models, 'model').slice(0, -1), f, 'model code root (prefix of all its models)');
  const g = prefixed('150-010', 1);
  add(first(g.models, 'model').replace(/^[A-Z]+-/, '').slice(0, 5), g, 'digits of a model code (partial code)');
  const h = numeric(0);
  add(first(h.models, 'model'), h, 'numeric model code');
  const i = numeric(40);
  add(first(i.models, 'model').slice(0, -1), i, 'numeric model code root (prefix)');
  const j = inFamily('90-010', 2);
  add(j.code, j, 'product code');
  const k = inFamily('120-050', 6);
  add(k.code.toLowerCase(), k, 'product code in lower case');
  const l = inFamily('10-020', 9);
  add(first(l.eans, 'ean'), l, 'EAN');
  const m = inFamily('110-020', 8);
  add(first(m.eans, 'ean'), m, 'EAN');
  const n = inFamily('50-070', 3);
  add(n.eans[n.eans.length - 1] ?? first(n.eans, 'ean'), n, 'EAN of the last model');
  const o = inFamily('80-030', 11);
  add(first(o.eans, 'ean'), o, 'EAN');
  const q = inFamily('60-010', 6);
  add(`${first(q.models, 'model')} ${q.name.split(' ')[0] ?? ''}`, q, 'model code followed by the product kind');
  return out;
}

/**
 * The Google product taxonomy (version 2021-09-21), the subtrees the shop's 16 chapters sell in:
 * plumbing and its fixtures and parts, bathroom accessories, kitchen sinks and taps, water
 * heaters and their parts, heating and climate control, HVAC, pumps, irrigation, pools and spas,
 * fountains, adhesives and sealants, gas (propane, detectors), fire safety and central vacuum.
 *
 * IDs and English names: Google's `taxonomy-with-ids.en-US.txt`. Portuguese names: Google's
 * `taxonomy-with-ids.pt-BR.txt` (Google publishes no pt-PT file: Merchant Center serves Portugal
 * with the pt-BR taxonomy), copied as Google wrote them (Brazilian spelling included). Never
 * invent an ID here: the Merchant feed sends the number, and Google rejects unknown ones.
 *
 * 5181 is the spec's default feed category (spec 7); in the taxonomy it is the top-level
 * "Luggage & Bags". Kept, as the spec asks, for products whose family has no category yet.
 */

/** [id, parent id (null at the top), English name, Portuguese name (null: none published here)] */
type Row = readonly [number, number | null, string, string | null];

const ROWS: readonly Row[] = [
  // Hardware
  [632, null, 'Hardware', 'Ferragens'],
  [133, 632, 'Plumbing', 'Encanamento'],
  [1810, 133, 'Plumbing Fittings & Supports', 'Juntas e conexões para encanamento'],
  [6732, 1810, 'Gaskets & O-Rings', 'Anéis de vedação'],
  [499697, 1810, 'In-Wall Carriers & Mounting Frames', 'Estruturas de montagem embutidas'],
  [2068, 1810, 'Nozzles', 'Bocais'],
  [2710, 1810, 'Pipe Adapters & Bushings', 'Adaptadores e buchas para encanamento'],
  [2909, 1810, 'Pipe Caps & Plugs', 'Tampões e bujões para encanamento'],
  [2359, 1810, 'Pipe Connectors', 'Conectores para encanamento'],
  [1694, 1810, 'Plumbing Flanges', 'Flanges para válvulas de escoamento'],
  [2634, 1810, 'Plumbing Pipe Clamps', 'Abraçadeiras para encanamento'],
  [2611, 1810, 'Plumbing Regulators', 'Reguladores para encanamento'],
  [2466, 1810, 'Plumbing Valves', 'Registros para encanamento'],
  [504635, 133, 'Plumbing Fixture Hardware & Parts', 'Peças e ferragens para fixação de encanamento'],
  [2996, 504635, 'Bathtub Accessories', 'Acessórios para banheiras'],
  [505368, 2996, 'Bathtub Bases & Feet', 'Bases e suportes para banheiras'],
  [5508, 2996, 'Bathtub Skirts', 'Bordas de banheira'],
  [2463, 2996, 'Bathtub Spouts', 'Drenos para banheiras'],
  [504637, 504635, 'Drain Components', 'Componentes de ralos'],
  [2851, 504637, 'Drain Covers & Strainers', 'Válvulas e protetores de ralos'],
  [1514, 504637, 'Drain Frames', 'Tampas para ralos de banheiro'],
  [2257, 504637, 'Drain Liners', 'Revestimentos para drenos'],
  [1932, 504637, 'Drain Openers', 'Abridores de drenos'],
  [1407, 504637, 'Drain Rods', 'Hastes para drenos'],
  [1319, 504637, 'Plumbing Traps', 'Sifões'],
  [2170, 504637, 'Plumbing Wastes', 'Encanamento de esgoto'],
  [504636, 504635, 'Drains', 'Ralos'],
  [1489, 504635, 'Faucet Accessories', 'Acessórios para torneiras'],
  [8115, 1489, 'Faucet Aerators', 'Arejadores de torneira'],
  [8116, 1489, 'Faucet Handles & Controls', 'Manoplas de torneira'],
  [1458, 504635, 'Fixture Plates', 'Placas de instalação'],
  [2206, 504635, 'Shower Parts', 'Peças para chuveiro'],
  [8320, 2206, 'Bathtub & Shower Jets', 'Jatos de banheira e chuveiro'],
  [8277, 2206, 'Electric & Power Showers', 'Chuveiros elétricos e pressurizados'],
  [504638, 2206, 'Shower Arms & Connectors', 'Conectores e braços para chuveiros'],
  [4728, 2206, 'Shower Bases', 'Bases para chuveiros'],
  [2088, 2206, 'Shower Columns', 'Painéis para chuveiros'],
  [1779, 2206, 'Shower Doors & Enclosures', 'Portas para chuveiros'],
  [581, 2206, 'Shower Heads', 'Cabeças de chuveiro'],
  [7130, 2206, 'Shower Walls & Surrounds', 'Cabines de chuveiro'],
  [5048, 2206, 'Shower Water Filters', 'Filtros de água para chuveiro'],
  [1963, 504635, 'Sink Accessories', 'Acessórios para pia'],
  [2410, 1963, 'Sink Legs', 'Suportes para pias de banheiro'],
  [2691, 504635, 'Toilet & Bidet Accessories', 'Acessórios para vasos sanitários e bidês'],
  [1425, 2691, 'Ballcocks & Flappers', 'Válvulas automáticas para vasos sanitários'],
  [504634, 2691, 'Bidet Faucets & Sprayers', 'Torneiras e chuveirinhos de bidê'],
  [1865, 2691, 'Toilet & Bidet Seats', 'Assentos de vaso sanitário e bidê'],
  [7358, 2691, 'Toilet Seat Covers', 'Capas para assentos de vaso sanitário'],
  [7446, 2691, 'Toilet Seat Lid Covers', 'Capas para tampa de vaso sanitário'],
  [5666, 2691, 'Toilet Tank Covers', 'Capas para caixa acoplada'],
  [2817, 2691, 'Toilet Tank Levers', 'Alavancas de descarga para vaso sanitário'],
  [5665, 2691, 'Toilet Tanks', 'Descargas de vaso sanitário'],
  [2478, 2691, 'Toilet Trim', 'Acessórios para vasos sanitários'],
  [1673, 133, 'Plumbing Fixtures', 'Instalações de encanamento'],
  [499999, 1673, 'Bathroom Suites', 'Conjuntos para banheiro'],
  [1636, 1673, 'Bathtubs', 'Banheiras'],
  [2032, 1673, 'Faucets', 'Torneiras'],
  [7244, 1673, 'Shower Stalls & Kits', 'Boxes para banheiro'],
  [1687, 1673, 'Sinks', 'Pias'],
  [2886, 1687, 'Bathroom Sinks', 'Pias de banheiro'],
  [2757, 1687, 'Kitchen & Utility Sinks', 'Pias de cozinha'],
  [2062, 1673, 'Toilets & Bidets', 'Privadas e bidês'],
  [2376, 2062, 'Bidets', 'Bidês'],
  [1921, 2062, 'Toilets', 'Privadas'],
  [1746, 2062, 'Urinals', 'Mictórios'],
  [2570, 133, 'Plumbing Hoses & Supply Lines', 'Mangueiras e linhas de suprimento'],
  [2216, 133, 'Plumbing Pipes', 'Tubos para encanamento'],
  [2203, 133, 'Plumbing Repair Kits', 'Kits para reparos de encanamento'],
  [2273, 133, 'Water Dispensing & Filtration', 'Distribuição e filtragem de água'],
  [2055, 2273, 'In-Line Water Filters', 'Filtros de água em linha'],
  [2343, 2273, 'Water Dispensers', 'Suportes para água'],
  [1821, 2343, 'Drinking Fountains', 'Fontes de água potável'],
  [1354, 2343, 'Water Chillers', 'Resfriadores de água'],
  [1390, 2273, 'Water Distillers', 'Destiladores de água'],
  [2171, 2273, 'Water Filtration Accessories', 'Acessórios para filtragem de água'],
  [2063, 2171, 'Water Filter Cartridges', 'Cartuchos para filtro de água'],
  [2406, 2171, 'Water Filter Housings', 'Suportes para filtro de água'],
  [5646, 2273, 'Water Softener Salt', 'Sal para abrandador de água'],
  [1952, 2273, 'Water Softeners', 'Amaciador de água'],
  [2243, 133, 'Water Levelers', 'Niveladores de água'],
  [6832, 133, 'Water Timers', 'Temporizadores de água'],
  [1723, 133, 'Well Supplies', 'Suprimentos para poços'],
  [499873, 632, 'Heating, Ventilation & Air Conditioning', 'Aquecimento, ventilação e ar condicionado'],
  [500090, 499873, 'Air & Filter Dryers', 'Filtro secador'],
  [499874, 499873, 'Air Ducts', 'Dutos de ar'],
  [1519, 499873, 'HVAC Controls', 'Controles'],
  [2238, 1519, 'Control Panels', 'Painéis de controle'],
  [500043, 1519, 'Humidistats', 'Umidostatos'],
  [1897, 1519, 'Thermostats', 'Termostatos'],
  [2766, 499873, 'Vents & Flues', 'Respiros e chaminés'],
  [500096, 632, 'Hardware Pumps', 'Bombas de hardware'],
  [500099, 500096, 'Home Appliance Pumps', 'Bombas domésticas'],
  [500098, 500096, 'Pool, Fountain & Pond Pumps', 'Bombas de piscina, fonte e lago'],
  [500097, 500096, 'Sprinkler, Booster & Irrigation System Pumps', 'Bombas de irrigação, regador e reforço'],
  [500102, 500096, 'Sump, Sewage & Effluent Pumps', 'Bombas de drenagem, esgoto e efluentes'],
  [500101, 500096, 'Utility Pumps', 'Bombas auxiliares'],
  [500100, 500096, 'Well Pumps & Systems', 'Bombas e sistema de poços'],
  [503739, 632, 'Building Consumables', 'Consumíveis para construção'],
  [503742, 503739, 'Hardware Glue & Adhesives', 'Adesivos e colas para ferragens'],
  [2212, 503739, 'Hardware Tape', 'Fita métrica'],
  [1753, 503739, 'Lubricants', 'Lubrificantes'],
  [505305, 503739, 'Plumbing Primer', 'Primer para PVC'],
  [503744, 503739, 'Protective Coatings & Sealants', 'Proteções e vedações'],
  [1995, 503739, 'Solder & Flux', 'Material para solda'],
  [2277, 503739, 'Chemicals', 'Produtos químicos'],
  [1749, 2277, 'Drain Cleaners', 'Limpadores de ralos'],
  [7470, 2277, 'Septic Tank & Cesspool Treatments', 'Limpadores de fossa séptica e latrina'],
  [543575, 632, 'Fuel', 'Combustível'],
  [543577, 543575, 'Propane', 'Propano'],
  [502975, 632, 'Fuel Containers & Tanks', 'Contêineres e tanques de combustível'],
  [1167, 632, 'Tools', 'Ferramentas'],
  [1180, 1167, 'Cutters', 'Cortadores'],
  [2080, 1180, 'Pipe Cutters', 'Cortador de tubos'],
  [1305, 1167, 'Measuring Tools & Sensors', 'Sensores e ferramentas para medição'],
  [1640, 1305, 'Flow Meters & Controllers', 'Medidores e controladores de fluxo'],
  [1991, 1305, 'Gas Detectors', 'Ferramentas detectoras de gás'],
  [1732, 1305, 'Gauges', 'Manômetros'],
  // Home & Garden
  [536, null, 'Home & Garden', 'Casa e jardim'],
  [574, 536, 'Bathroom Accessories', 'Acessórios para banheiro'],
  [575, 574, 'Bath Caddies', 'Suporte para banheiro'],
  [577, 574, 'Bath Mats & Rugs', 'Tapetes e capachos para banheiro'],
  [7093, 574, 'Bathroom Accessory Mounts', 'Suportes para acessórios de banheiro'],
  [6858, 574, 'Bathroom Accessory Sets', 'Conjuntos de acessórios para banheiro'],
  [579, 574, 'Facial Tissue Holders', 'Suportes para lenços faciais'],
  [8016, 574, 'Hand Dryer Accessories', 'Acessórios para secador de mão'],
  [5141, 574, 'Hand Dryers', 'Secadores de mãos'],
  [2418, 574, 'Medicine Cabinets', 'Armários para remédios'],
  [2034, 574, 'Robe Hooks', 'Canides para roupão'],
  [8114, 574, 'Safety Grab Bars', 'Barras de apoio'],
  [578, 574, 'Shower Curtain Rings', 'Argolas para cortinas de box de banheiro'],
  [580, 574, 'Shower Curtains', 'Cortinas para box de banheiro'],
  [1962, 574, 'Shower Rods', 'Barras para chuveiros'],
  [4971, 574, 'Soap & Lotion Dispensers', 'Dispensers para sabonete líquido e creme hidratante'],
  [582, 574, 'Soap Dishes & Holders', 'Saboneteiras'],
  [7509, 574, 'Toilet Brush Replacement Heads', 'Cabeças para escovas de vaso sanitário'],
  [583, 574, 'Toilet Brushes & Holders', 'Suportes e escovas de vaso sanitário'],
  [584, 574, 'Toilet Paper Holders', 'Porta-papel higiênico'],
  [585, 574, 'Toothbrush Holders', 'Porta-escovas de dentes'],
  [586, 574, 'Towel Racks & Holders', 'Porta-toalhas e suportes para toalhas'],
  [696, 536, 'Decor', 'Decoração'],
  [702, 696, 'Fountains & Ponds', 'Fontes e lagos'],
  [2921, 702, 'Fountain & Pond Accessories', 'Acessórios para fontes e lagos'],
  [6763, 702, 'Fountains & Waterfalls', 'Fontes artificiais'],
  [2763, 702, 'Ponds', 'Lagos'],
  [6792, 536, 'Fireplaces', 'Lareiras'],
  [1679, 536, 'Flood, Fire & Gas Safety', 'Segurança contra incêndio, enchentes e gás'],
  [7226, 1679, 'Fire Alarm Control Panels', 'Painel de controle de alarme para incêndio'],
  [1871, 1679, 'Fire Alarms', 'Alarmes de incêndio'],
  [1639, 1679, 'Fire Extinguisher & Equipment Storage', 'Armários e acessórios para extintores de incêndio'],
  [1434, 1679, 'Fire Extinguishers', 'Extintores de incêndio'],
  [1934, 1679, 'Fire Sprinklers', 'Rociador automático contra incendios'],
  [7227, 1679, 'Heat Detectors', 'Detectores de calor'],
  [499673, 1679, 'Smoke & Carbon Monoxide Detectors', 'Detectores de fumaça e monóxido de carbono'],
  [2164, 499673, 'Carbon Monoxide Detectors', 'Detectores de monóxido de carbono'],
  [1471, 499673, 'Smoke Detectors', 'Detectores de fumaça'],
  [1306, 1679, 'Water & Flood Detectors', 'Detectores de vazamentos'],
  [3348, 536, 'Household Appliance Accessories', 'Acessórios para eletrodomésticos'],
  [6773, 3348, 'Furnace & Boiler Accessories', 'Acessórios para fornalhas e caldeiras'],
  [7110, 3348, 'Heating Radiator Accessories', 'Acessórios para aquecedores'],
  [618, 3348, 'Vacuum Accessories', 'Acessórios para aspiradores'],
  [2751, 3348, 'Water Heater Accessories', 'Acessórios para aquecedores de água'],
  [2310, 2751, 'Anode Rods', 'Hastes de eletrodo positivo para aquecedores'],
  [2175, 2751, 'Hot Water Tanks', 'Cilindros de água quente'],
  [1744, 2751, 'Water Heater Elements', 'Elementos para aquecedores'],
  [500063, 2751, 'Water Heater Expansion Tanks', 'Tanques de expansão do aquecedor de água'],
  [1835, 2751, 'Water Heater Pans', 'Bandejas para aquecedores'],
  [2221, 2751, 'Water Heater Stacks', 'Chaminés para aquecedores'],
  [1709, 2751, 'Water Heater Vents', 'Respiros para aquecedores'],
  [604, 536, 'Household Appliances', 'Eletrodomésticos'],
  [1626, 604, 'Climate Control Appliances', 'Controle climático'],
  [605, 1626, 'Air Conditioners', 'Aparelhos de ar condicionado'],
  [606, 1626, 'Air Purifiers', 'Purificadores de ar'],
  [607, 1626, 'Dehumidifiers', 'Desumidificadores'],
  [7328, 1626, 'Duct Heaters', 'Aquecedores de duto'],
  [608, 1626, 'Fans', 'Ventiladores'],
  [1700, 608, 'Ceiling Fans', 'Ventiladores de teto'],
  [4485, 608, 'Ventilation Fans', 'Exaustores'],
  [8090, 608, 'Wall Mount Fans', 'Ventiladores de parede'],
  [3082, 1626, 'Furnaces & Boilers', 'Fornalhas e caldeiras'],
  [2060, 1626, 'Heating Radiators', 'Radiadores para aquecimento'],
  [613, 1626, 'Humidifiers', 'Umidificadores'],
  [611, 1626, 'Space Heaters', 'Aquecedores portáteis'],
  [619, 604, 'Vacuums', 'Aspiradores de pó'],
  [621, 604, 'Water Heaters', 'Aquecedores de água'],
  [638, 536, 'Kitchen & Dining', 'Produtos de cozinha e aparelhos de jantar'],
  [730, 638, 'Kitchen Appliances', 'Utensílios para cozinha'],
  [610, 730, 'Garbage Disposals', 'Trituradores de lixo'],
  [684, 730, 'Range Hoods', 'Tampas para fogão'],
  [3293, 730, 'Water Coolers', 'Refrigeradores de água'],
  [765, 730, 'Water Filters', 'Filtros de água'],
  [689, 536, 'Lawn & Garden', 'Gramado e jardim'],
  [3568, 689, 'Watering & Irrigation', 'Sistemas de irrigação'],
  [4718, 3568, 'Garden Hose Fittings & Valves', 'Equipamentos e válvulas para mangueiras de jardim'],
  [4201, 3568, 'Garden Hose Spray Nozzles', 'Bocais de pulverização para mangueiras de jardim'],
  [2313, 3568, 'Garden Hoses', 'Mangueiras de jardim'],
  [3780, 3568, 'Sprinkler Accessories', 'Sistemas de sprinklers'],
  [1302, 3780, 'Sprinkler Controls', 'Controles de sprinklers'],
  [3491, 3780, 'Sprinkler Valves', 'Válvulas de sprinklers'],
  [7561, 3568, 'Sprinklers & Sprinkler Heads', 'Irrigadores, aspersores e peças'],
  [505814, 3568, 'Watering Can Accesssories', 'Acessórios para regadores'],
  [6318, 3568, 'Watering Cans', 'Regadores'],
  [230912, 3568, 'Watering Globes & Spikes', 'Globos e bicos de irrigação'],
  [729, 536, 'Pool & Spa', 'Piscina e spa'],
  [2832, 729, 'Pool & Spa Accessories', 'Acessórios para piscinas e spa'],
  [2939, 2832, 'Diving Boards', 'Trampolins para piscinas'],
  [500042, 2832, 'Pool & Spa Chlorine Generators', 'Geradores de cloro para piscinas e spa'],
  [2981, 2832, 'Pool & Spa Filters', 'Filtros para piscina e spa'],
  [505815, 2832, 'Pool & Spa Maintenance Kits', 'Kits para manutenção de piscinas e spas'],
  [6996, 2832, 'Pool Brushes & Brooms', 'Escovas e vassouras para piscina'],
  [6771, 2832, 'Pool Cleaner Hoses', 'Mangueiras para piscina'],
  [3017, 2832, 'Pool Cleaners & Chemicals', 'Limpadores e produtos químicos para piscinas'],
  [500050, 2832, 'Pool Cover Accessories', 'Acessórios para cobertura de piscinas'],
  [2994, 2832, 'Pool Covers & Ground Cloths', 'Capas para piscina e plástico para forrar chão'],
  [7496, 2832, 'Pool Deck Kits', 'Kits para deck de piscina'],
  [2860, 2832, 'Pool Floats & Loungers', 'Cadeiras e sofás para piscina'],
  [5654, 2832, 'Pool Heaters', 'Aquecedores de piscina'],
  [6766, 2832, 'Pool Ladders, Steps & Ramps', 'Escadas, degraus e rampas para piscina'],
  [503751, 2832, 'Pool Liners', 'Revestimentos para piscina'],
  [2755, 2832, 'Pool Skimmers', 'Peneiras para limpeza de piscinas'],
  [2997, 2832, 'Pool Sweeps & Vacuums', 'Varredores e aspiradores para piscina'],
  [2672, 2832, 'Pool Toys', 'Brinquedos para piscina'],
  [5546, 2832, 'Pool Water Slides', 'Tobogãs para piscina'],
  [3992, 729, 'Saunas', 'Saunas'],
  [2982, 729, 'Spas', 'Spas'],
  [2810, 729, 'Swimming Pools', 'Piscinas'],
  [2639, 536, 'Wood Stoves', 'Fogões à lenha'],
  // The spec's default feed category (spec 7), a top-level branch of its own.
  [5181, null, 'Luggage & Bags', null],
];

/** The spec 7 default of the Merchant feed when neither the product nor its family has a category. */
export const DEFAULT_GOOGLE_CATEGORY = 5181;

export interface GoogleCategory {
  id: number;
  parentId: number | null;
  /** English name of this level. */
  nameEn: string;
  /** Portuguese name of this level (Google's pt-BR text; the English one where none). */
  name: string;
  /** Full Portuguese path: "Ferragens > Encanamento > Instalações de encanamento > Torneiras". */
  path: string;
  /** Full English path, as in taxonomy-with-ids.en-US.txt. */
  pathEn: string;
  depth: number;
}

function build(): Map<number, GoogleCategory> {
  const byId = new Map<number, Row>(ROWS.map((r) => [r[0], r]));
  const out = new Map<number, GoogleCategory>();
  for (const row of ROWS) {
    const chain: Row[] = [];
    for (let r: Row | undefined = row; r; r = r[1] === null ? undefined : byId.get(r[1])) chain.unshift(r);
    out.set(row[0], {
      id: row[0],
      parentId: row[1],
      nameEn: row[2],
      name: row[3] ?? row[2],
      path: chain.map((r) => r[3] ?? r[2]).join(' > '),
      pathEn: chain.map((r) => r[2]).join(' > '),
      depth: chain.length - 1,
    });
  }
  return out;
}

const CATEGORIES = build();

/** Every shipped category, in taxonomy order. */
export const GOOGLE_CATEGORIES: readonly GoogleCategory[] = [...CATEGORIES.values()];

export function googleCategory(id: number | null | undefined): GoogleCategory | null {
  return id == null ? null : (CATEGORIES.get(id) ?? null);
}

export function isKnownGoogleCategory(id: number): boolean {
  return CATEGORIES.has(id);
}

/** Lower case, without accents: "Aquecimento" and "aquécimento" fold alike. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Categories whose Portuguese or English path, or ID, contains every word of `query`. */
export function searchGoogleCategories(query: string, limit = 30): GoogleCategory[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return GOOGLE_CATEGORIES.slice(0, limit);
  return GOOGLE_CATEGORIES.filter((c) => {
    const hay = `${c.id} ${foldText(c.path)} ${foldText(c.pathEn)}`;
    return words.every((w) => hay.includes(w));
  }).slice(0, limit);
}

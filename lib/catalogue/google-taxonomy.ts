/**
 * The Google product taxonomy (version 2021-09-21), the subtrees the shop sells in: plumbing and its
 * fixtures and parts, bathroom accessories and furniture, kitchen sinks and taps, water heaters,
 * heating and climate control, ventilation, pumps, irrigation, pools, adhesives and sealants, gas,
 * fire safety, signs, emergency lighting, solar panels, gutters and central vacuum.
 *
 * IDs, parents and English names are Google's (`taxonomy-with-ids.en-US.txt`): never invent an ID
 * here, the Merchant feed sends the number and Google rejects unknown ones. The Portuguese names are
 * European Portuguese, written for this shop (Google publishes no pt-PT file; its pt-BR names —
 * "Privadas", "Encanamento", "Descargas" — read wrong to a Portuguese installer). The optional
 * third column holds other words staff use for the category ("retrete", "cisterna"): the picker's
 * search and the classifier read them too.
 *
 * 5181 is the spec's default feed category (spec 7); in the taxonomy it is the top-level
 * "Luggage & Bags". Kept, as the spec asks, for products whose family has no category yet.
 */
import { foldText, singular, words } from './pt-words';

export { foldText } from './pt-words';

/** [id, parent id (null at the top), English name (Google's), pt-PT name, other pt-PT words] */
type Row = readonly [number, number | null, string, string, (readonly string[])?];

const ROWS: readonly Row[] = [
  [111, null, 'Business & Industrial', 'Comércio e indústria'],
  [976, 111, 'Signage', 'Sinalética'],
  [5894, 976, 'Emergency & Exit Signs', 'Sinais de emergência e de saída'],
  [5892, 976, 'Safety & Warning Signs', 'Sinais de segurança e aviso'],
  [436, null, 'Furniture', 'Mobiliário'],
  [6356, 436, 'Cabinets & Storage', 'Armários e arrumação'],
  [4148, 6356, 'Vanities', 'Móveis de toucador'],
  [2081, 4148, 'Bathroom Vanities', 'Móveis de casa de banho'],
  [632, null, 'Hardware', 'Ferragens e bricolage'],
  [503739, 632, 'Building Consumables', 'Consumíveis de construção'],
  [2277, 503739, 'Chemicals', 'Produtos químicos'],
  [1749, 2277, 'Drain Cleaners', 'Desentupidores químicos', ['desentupidor']],
  [7470, 2277, 'Septic Tank & Cesspool Treatments', 'Tratamentos para fossas sépticas'],
  [503742, 503739, 'Hardware Glue & Adhesives', 'Colas e adesivos', ['cola']],
  [2212, 503739, 'Hardware Tape', 'Fitas adesivas'],
  [1753, 503739, 'Lubricants', 'Lubrificantes', ['massa lubrificante']],
  [505305, 503739, 'Plumbing Primer', 'Primários para PVC'],
  [503744, 503739, 'Protective Coatings & Sealants', 'Vedantes e revestimentos de proteção', ['silicone', 'vedante']],
  [1995, 503739, 'Solder & Flux', 'Soldas e decapantes'],
  [115, 632, 'Building Materials', 'Materiais de construção'],
  [123, 115, 'Roofing', 'Coberturas'],
  [4544, 123, 'Gutter Accessories', 'Acessórios de caleira'],
  [121, 123, 'Gutters', 'Caleiras de telhado', ['tubo de queda', 'algeroz']],
  [543575, 632, 'Fuel', 'Combustíveis'],
  [543577, 543575, 'Propane', 'Propano', ['GPL']],
  [502975, 632, 'Fuel Containers & Tanks', 'Reservatórios de combustível'],
  [2878, 632, 'Hardware Accessories', 'Acessórios de ferragens'],
  [6841, 2878, 'Gas Hoses', 'Flexíveis e mangueiras de gás'],
  [500096, 632, 'Hardware Pumps', 'Bombas'],
  [500099, 500096, 'Home Appliance Pumps', 'Bombas para equipamentos domésticos'],
  [500098, 500096, 'Pool, Fountain & Pond Pumps', 'Bombas de piscina, fonte e lago'],
  [500097, 500096, 'Sprinkler, Booster & Irrigation System Pumps', 'Bombas de rega e grupos de pressão', ['grupo hidropressor']],
  [500102, 500096, 'Sump, Sewage & Effluent Pumps', 'Bombas de drenagem e de águas residuais', ['bomba submersível', 'estação elevatória']],
  [500101, 500096, 'Utility Pumps', 'Bombas de uso geral', ['bomba de superfície']],
  [500100, 500096, 'Well Pumps & Systems', 'Bombas de poço e de furo'],
  [499873, 632, 'Heating, Ventilation & Air Conditioning', 'Aquecimento, ventilação e ar condicionado', ['climatização', 'AVAC', 'VMC']],
  [500090, 499873, 'Air & Filter Dryers', 'Secadores de ar'],
  [499874, 499873, 'Air Ducts', 'Condutas de ar', ['conduta']],
  [1519, 499873, 'HVAC Controls', 'Controlos de climatização'],
  [2238, 1519, 'Control Panels', 'Painéis de controlo'],
  [500043, 1519, 'Humidistats', 'Higrostatos'],
  [1897, 1519, 'Thermostats', 'Termóstatos', ['termostato']],
  [2766, 499873, 'Vents & Flues', 'Grelhas de ventilação e chaminés', ['grelha de ventilação', 'chapéu de exaustão', 'terminal de exaustão']],
  [133, 632, 'Plumbing', 'Canalização'],
  [1810, 133, 'Plumbing Fittings & Supports', 'Acessórios e suportes de canalização', ['acessórios de ligação']],
  [6732, 1810, 'Gaskets & O-Rings', 'Juntas e O-rings', ['juntas tóricas', 'anilhas de vedação']],
  [499697, 1810, 'In-Wall Carriers & Mounting Frames', 'Estruturas de encastrar e de suspensão', ['estrutura suspensa', 'bâti']],
  [2068, 1810, 'Nozzles', 'Bicos'],
  [2710, 1810, 'Pipe Adapters & Bushings', 'Adaptadores e casquilhos de redução', ['redução', 'casquilho']],
  [2909, 1810, 'Pipe Caps & Plugs', 'Tampões para tubo', ['tampão']],
  [2359, 1810, 'Pipe Connectors', 'Acessórios de ligação para tubo', ['curva', 'cotovelo', 'tê', 'união', 'uniões', 'joelho', 'niple', 'casquilho', 'acessórios press']],
  [1694, 1810, 'Plumbing Flanges', 'Flanges de canalização'],
  [2634, 1810, 'Plumbing Pipe Clamps', 'Abraçadeiras para tubo', ['abraçadeira isofónica']],
  [2611, 1810, 'Plumbing Regulators', 'Redutores e reguladores de pressão', ['redutor de pressão']],
  [2466, 1810, 'Plumbing Valves', 'Válvulas de canalização', ['válvula de esfera', 'válvula de retenção', 'torneira de passagem', 'torneira de segurança']],
  [504635, 133, 'Plumbing Fixture Hardware & Parts', 'Peças e ferragens de equipamento sanitário'],
  [2996, 504635, 'Bathtub Accessories', 'Acessórios de banheira'],
  [505368, 2996, 'Bathtub Bases & Feet', 'Bases e pés de banheira'],
  [5508, 2996, 'Bathtub Skirts', 'Painéis frontais de banheira', ['saia de banheira']],
  [2463, 2996, 'Bathtub Spouts', 'Bicas de banheira'],
  [504637, 504635, 'Drain Components', 'Componentes de escoamento'],
  [2851, 504637, 'Drain Covers & Strainers', 'Grelhas e tampas de ralo'],
  [1514, 504637, 'Drain Frames', 'Aros de ralo'],
  [2257, 504637, 'Drain Liners', 'Revestimentos de ralo'],
  [1932, 504637, 'Drain Openers', 'Desentupidores mecânicos', ['ventosa']],
  [1407, 504637, 'Drain Rods', 'Varetas desentupidoras', ['mola desentupidora']],
  [1319, 504637, 'Plumbing Traps', 'Sifões'],
  [2170, 504637, 'Plumbing Wastes', 'Válvulas de escoamento', ['válvula de descarga de lavatório']],
  [504636, 504635, 'Drains', 'Ralos', ['caleira de duche', 'ralo sifonado']],
  [1489, 504635, 'Faucet Accessories', 'Acessórios de torneira'],
  [8115, 1489, 'Faucet Aerators', 'Arejadores de torneira'],
  [8116, 1489, 'Faucet Handles & Controls', 'Manípulos de torneira'],
  [1458, 504635, 'Fixture Plates', 'Placas e rosetas de acabamento', ['espelho de torneira']],
  [2206, 504635, 'Shower Parts', 'Peças de duche'],
  [8320, 2206, 'Bathtub & Shower Jets', 'Jatos de hidromassagem'],
  [8277, 2206, 'Electric & Power Showers', 'Chuveiros elétricos'],
  [504638, 2206, 'Shower Arms & Connectors', 'Braços e ligações de chuveiro'],
  [4728, 2206, 'Shower Bases', 'Bases de duche'],
  [2088, 2206, 'Shower Columns', 'Colunas de duche', ['conjunto de duche', 'coluna termostática']],
  [1779, 2206, 'Shower Doors & Enclosures', 'Resguardos e portas de duche', ['resguardo de banho', 'cabine de duche']],
  [581, 2206, 'Shower Heads', 'Chuveiros', ['chuveiro de mão', 'chuveiro de teto']],
  [7130, 2206, 'Shower Walls & Surrounds', 'Painéis de parede de duche'],
  [5048, 2206, 'Shower Water Filters', 'Filtros de água para chuveiro'],
  [1963, 504635, 'Sink Accessories', 'Acessórios de lava-louça e lavatório'],
  [2410, 1963, 'Sink Legs', 'Pés e suportes de lavatório'],
  [2691, 504635, 'Toilet & Bidet Accessories', 'Acessórios de sanita e bidé'],
  [1425, 2691, 'Ballcocks & Flappers', 'Torneiras de boia e mecanismos de descarga', ['válvula de enchimento', 'boia']],
  [504634, 2691, 'Bidet Faucets & Sprayers', 'Torneiras de bidé e chuveiros higiénicos'],
  [1865, 2691, 'Toilet & Bidet Seats', 'Tampas e assentos de sanita'],
  [7358, 2691, 'Toilet Seat Covers', 'Protetores de assento de sanita'],
  [7446, 2691, 'Toilet Seat Lid Covers', 'Capas de tampa de sanita'],
  [5666, 2691, 'Toilet Tank Covers', 'Tampas de autoclismo'],
  [2817, 2691, 'Toilet Tank Levers', 'Manípulos e placas de comando de autoclismo', ['botão de descarga']],
  [5665, 2691, 'Toilet Tanks', 'Autoclismos', ['cisterna', 'depósito de descarga']],
  [2478, 2691, 'Toilet Trim', 'Peças de acabamento de sanita'],
  [1673, 133, 'Plumbing Fixtures', 'Equipamento sanitário', ['louça sanitária']],
  [499999, 1673, 'Bathroom Suites', 'Conjuntos de casa de banho'],
  [1636, 1673, 'Bathtubs', 'Banheiras'],
  [2032, 1673, 'Faucets', 'Torneiras e misturadoras', ['torneira monocomando', 'misturadora termostática']],
  [7244, 1673, 'Shower Stalls & Kits', 'Cabinas e kits de duche'],
  [1687, 1673, 'Sinks', 'Lavatórios e lava-louças'],
  [2886, 1687, 'Bathroom Sinks', 'Lavatórios', ['lava-mãos']],
  [2757, 1687, 'Kitchen & Utility Sinks', 'Lava-louças e tanques', ['pia', 'tanque de lavar roupa']],
  [2062, 1673, 'Toilets & Bidets', 'Sanitas e bidés'],
  [2376, 2062, 'Bidets', 'Bidés'],
  [1921, 2062, 'Toilets', 'Sanitas', ['retrete', 'WC', 'sanita suspensa', 'vaso sanitário']],
  [1746, 2062, 'Urinals', 'Urinóis', ['mictório']],
  [2570, 133, 'Plumbing Hoses & Supply Lines', 'Flexíveis e tubos de ligação', ['flexível']],
  [2216, 133, 'Plumbing Pipes', 'Tubos de canalização', ['tubo multicamada', 'tubo PEX', 'tubo PPR', 'tubo de cobre', 'tubo PVC']],
  [2203, 133, 'Plumbing Repair Kits', 'Kits de reparação de canalização'],
  [2273, 133, 'Water Dispensing & Filtration', 'Distribuição e filtragem de água', ['osmose inversa']],
  [2055, 2273, 'In-Line Water Filters', 'Filtros de água em linha'],
  [2343, 2273, 'Water Dispensers', 'Dispensadores de água'],
  [1821, 2343, 'Drinking Fountains', 'Bebedouros'],
  [1354, 2343, 'Water Chillers', 'Refrigeradores de água'],
  [1390, 2273, 'Water Distillers', 'Destiladores de água'],
  [2171, 2273, 'Water Filtration Accessories', 'Acessórios de filtragem de água'],
  [2063, 2171, 'Water Filter Cartridges', 'Cartuchos de filtro de água'],
  [2406, 2171, 'Water Filter Housings', 'Corpos de filtro de água'],
  [5646, 2273, 'Water Softener Salt', 'Sal para descalcificador'],
  [1952, 2273, 'Water Softeners', 'Descalcificadores', ['amaciador de água']],
  [2243, 133, 'Water Levelers', 'Reguladores de nível de água'],
  [6832, 133, 'Water Timers', 'Temporizadores de água'],
  [1723, 133, 'Well Supplies', 'Material para poços e furos'],
  [127, 632, 'Power & Electrical Supplies', 'Material elétrico'],
  [4715, 127, 'Solar Energy Kits', 'Kits de energia solar'],
  [4714, 127, 'Solar Panels', 'Painéis solares', ['coletor solar']],
  [1910, 632, 'Storage Tanks', 'Depósitos e reservatórios', ['depósito de água']],
  [1167, 632, 'Tools', 'Ferramentas'],
  [1180, 1167, 'Cutters', 'Ferramentas de corte'],
  [2080, 1180, 'Pipe Cutters', 'Corta-tubos'],
  [1305, 1167, 'Measuring Tools & Sensors', 'Instrumentos de medição e sensores'],
  [1640, 1305, 'Flow Meters & Controllers', 'Contadores e controladores de caudal', ['contador de água']],
  [1991, 1305, 'Gas Detectors', 'Detetores de gás'],
  [1732, 1305, 'Gauges', 'Manómetros'],
  [536, null, 'Home & Garden', 'Casa e jardim'],
  [574, 536, 'Bathroom Accessories', 'Acessórios de casa de banho'],
  [575, 574, 'Bath Caddies', 'Prateleiras e cestos de banho'],
  [577, 574, 'Bath Mats & Rugs', 'Tapetes de banho'],
  [7093, 574, 'Bathroom Accessory Mounts', 'Suportes para acessórios de casa de banho'],
  [6858, 574, 'Bathroom Accessory Sets', 'Conjuntos de acessórios de casa de banho'],
  [579, 574, 'Facial Tissue Holders', 'Porta-lenços'],
  [8016, 574, 'Hand Dryer Accessories', 'Acessórios de secador de mãos'],
  [5141, 574, 'Hand Dryers', 'Secadores de mãos'],
  [2418, 574, 'Medicine Cabinets', 'Armários com espelho'],
  [2034, 574, 'Robe Hooks', 'Cabides para roupão'],
  [8114, 574, 'Safety Grab Bars', 'Barras de apoio'],
  [578, 574, 'Shower Curtain Rings', 'Argolas de cortina de banho'],
  [580, 574, 'Shower Curtains', 'Cortinas de banho'],
  [1962, 574, 'Shower Rods', 'Varões de cortina de banho'],
  [4971, 574, 'Soap & Lotion Dispensers', 'Dispensadores de sabão', ['doseador de sabão']],
  [582, 574, 'Soap Dishes & Holders', 'Saboneteiras'],
  [7509, 574, 'Toilet Brush Replacement Heads', 'Recargas de escovilhão'],
  [583, 574, 'Toilet Brushes & Holders', 'Escovilhões e suportes'],
  [584, 574, 'Toilet Paper Holders', 'Porta-rolos de papel higiénico'],
  [585, 574, 'Toothbrush Holders', 'Porta-escovas de dentes'],
  [586, 574, 'Towel Racks & Holders', 'Porta-toalhas'],
  [696, 536, 'Decor', 'Decoração'],
  [702, 696, 'Fountains & Ponds', 'Fontes e lagos'],
  [2921, 702, 'Fountain & Pond Accessories', 'Acessórios de fontes e lagos'],
  [6763, 702, 'Fountains & Waterfalls', 'Fontes e cascatas'],
  [2763, 702, 'Ponds', 'Lagos'],
  [595, 696, 'Mirrors', 'Espelhos'],
  [6792, 536, 'Fireplaces', 'Lareiras'],
  [1679, 536, 'Flood, Fire & Gas Safety', 'Segurança contra incêndio, inundação e gás'],
  [7226, 1679, 'Fire Alarm Control Panels', 'Centrais de alarme de incêndio'],
  [1871, 1679, 'Fire Alarms', 'Alarmes de incêndio'],
  [1639, 1679, 'Fire Extinguisher & Equipment Storage', 'Armários e suportes de material de incêndio'],
  [1434, 1679, 'Fire Extinguishers', 'Extintores'],
  [1934, 1679, 'Fire Sprinklers', 'Sprinklers de incêndio'],
  [7227, 1679, 'Heat Detectors', 'Detetores de calor'],
  [499673, 1679, 'Smoke & Carbon Monoxide Detectors', 'Detetores de fumo e de monóxido de carbono'],
  [2164, 499673, 'Carbon Monoxide Detectors', 'Detetores de monóxido de carbono'],
  [1471, 499673, 'Smoke Detectors', 'Detetores de fumo'],
  [1306, 1679, 'Water & Flood Detectors', 'Detetores de fugas de água'],
  [3348, 536, 'Household Appliance Accessories', 'Acessórios de eletrodomésticos'],
  [6773, 3348, 'Furnace & Boiler Accessories', 'Acessórios de caldeira'],
  [7110, 3348, 'Heating Radiator Accessories', 'Acessórios de radiador', ['cabeça termostática', 'detentor']],
  [618, 3348, 'Vacuum Accessories', 'Acessórios de aspirador'],
  [2751, 3348, 'Water Heater Accessories', 'Acessórios de esquentador e termoacumulador'],
  [2310, 2751, 'Anode Rods', 'Ânodos'],
  [2175, 2751, 'Hot Water Tanks', 'Depósitos de água quente', ['interacumulador']],
  [1744, 2751, 'Water Heater Elements', 'Resistências de termoacumulador'],
  [500063, 2751, 'Water Heater Expansion Tanks', 'Vasos de expansão'],
  [1835, 2751, 'Water Heater Pans', 'Tabuleiros de termoacumulador'],
  [2221, 2751, 'Water Heater Stacks', 'Chaminés de esquentador'],
  [1709, 2751, 'Water Heater Vents', 'Ventilação de esquentador'],
  [604, 536, 'Household Appliances', 'Eletrodomésticos'],
  [1626, 604, 'Climate Control Appliances', 'Climatização'],
  [605, 1626, 'Air Conditioners', 'Ar condicionado'],
  [606, 1626, 'Air Purifiers', 'Purificadores de ar'],
  [607, 1626, 'Dehumidifiers', 'Desumidificadores'],
  [7328, 1626, 'Duct Heaters', 'Aquecedores de conduta'],
  [608, 1626, 'Fans', 'Ventiladores'],
  [1700, 608, 'Ceiling Fans', 'Ventoinhas de teto'],
  [4485, 608, 'Ventilation Fans', 'Extratores e ventiladores de conduta', ['exaustor de casa de banho']],
  [8090, 608, 'Wall Mount Fans', 'Ventoinhas de parede'],
  [3082, 1626, 'Furnaces & Boilers', 'Caldeiras'],
  [2060, 1626, 'Heating Radiators', 'Radiadores'],
  [613, 1626, 'Humidifiers', 'Humidificadores'],
  [611, 1626, 'Space Heaters', 'Aquecedores'],
  [619, 604, 'Vacuums', 'Aspiradores', ['aspiração central']],
  [621, 604, 'Water Heaters', 'Esquentadores e termoacumuladores', ['aquecedor de água', 'cilindro']],
  [630, 536, 'Household Supplies', 'Artigos para o lar'],
  [4516, 630, 'Waste Containment', 'Contentores de resíduos'],
  [4517, 4516, 'Recycling Containers', 'Contentores de reciclagem'],
  [637, 4516, 'Trash Cans & Wastebaskets', 'Papeleiras e caixotes do lixo'],
  [638, 536, 'Kitchen & Dining', 'Cozinha e mesa'],
  [730, 638, 'Kitchen Appliances', 'Eletrodomésticos de cozinha'],
  [610, 730, 'Garbage Disposals', 'Trituradores de resíduos'],
  [684, 730, 'Range Hoods', 'Exaustores de cozinha'],
  [3293, 730, 'Water Coolers', 'Refrigeradores de água'],
  [765, 730, 'Water Filters', 'Filtros de água'],
  [689, 536, 'Lawn & Garden', 'Jardim'],
  [3568, 689, 'Watering & Irrigation', 'Rega'],
  [4718, 3568, 'Garden Hose Fittings & Valves', 'Torneiras e ligações de mangueira', ['torneira de jardim']],
  [4201, 3568, 'Garden Hose Spray Nozzles', 'Agulhetas e pistolas de rega'],
  [2313, 3568, 'Garden Hoses', 'Mangueiras de jardim'],
  [3780, 3568, 'Sprinkler Accessories', 'Acessórios de rega automática'],
  [1302, 3780, 'Sprinkler Controls', 'Programadores de rega'],
  [3491, 3780, 'Sprinkler Valves', 'Eletroválvulas de rega'],
  [7561, 3568, 'Sprinklers & Sprinkler Heads', 'Aspersores e pulverizadores', ['difusor']],
  [505814, 3568, 'Watering Can Accesssories', 'Acessórios de regador'],
  [6318, 3568, 'Watering Cans', 'Regadores'],
  [230912, 3568, 'Watering Globes & Spikes', 'Globos e estacas de rega'],
  [594, 536, 'Lighting', 'Iluminação'],
  [1436, 594, 'Emergency Lighting', 'Iluminação de emergência'],
  [500003, 594, 'Floating & Submersible Lights', 'Luzes flutuantes e submersíveis'],
  [729, 536, 'Pool & Spa', 'Piscina e spa'],
  [2832, 729, 'Pool & Spa Accessories', 'Acessórios de piscina e spa'],
  [2939, 2832, 'Diving Boards', 'Trampolins de piscina'],
  [500042, 2832, 'Pool & Spa Chlorine Generators', 'Cloradores salinos', ['eletrólise de sal']],
  [2981, 2832, 'Pool & Spa Filters', 'Filtros de piscina e spa'],
  [505815, 2832, 'Pool & Spa Maintenance Kits', 'Kits de manutenção de piscina'],
  [6996, 2832, 'Pool Brushes & Brooms', 'Escovas de piscina'],
  [6771, 2832, 'Pool Cleaner Hoses', 'Mangueiras de limpeza de piscina'],
  [3017, 2832, 'Pool Cleaners & Chemicals', 'Limpeza e produtos químicos de piscina', ['cloro']],
  [500050, 2832, 'Pool Cover Accessories', 'Acessórios de cobertura de piscina'],
  [2994, 2832, 'Pool Covers & Ground Cloths', 'Coberturas de piscina'],
  [7496, 2832, 'Pool Deck Kits', 'Kits de deck de piscina'],
  [2860, 2832, 'Pool Floats & Loungers', 'Boias e espreguiçadeiras de piscina'],
  [5654, 2832, 'Pool Heaters', 'Aquecimento de piscina'],
  [6766, 2832, 'Pool Ladders, Steps & Ramps', 'Escadas de piscina'],
  [503751, 2832, 'Pool Liners', 'Liners de piscina'],
  [2755, 2832, 'Pool Skimmers', 'Skimmers'],
  [2997, 2832, 'Pool Sweeps & Vacuums', 'Robôs e aspiradores de piscina'],
  [2672, 2832, 'Pool Toys', 'Brinquedos de piscina'],
  [5546, 2832, 'Pool Water Slides', 'Escorregas de piscina'],
  [3992, 729, 'Saunas', 'Saunas'],
  [2982, 729, 'Spas', 'Spas'],
  [2810, 729, 'Swimming Pools', 'Piscinas'],
  [2639, 536, 'Wood Stoves', 'Salamandras a lenha'],
  [5181, null, 'Luggage & Bags', 'Malas e sacos'],
];

/** The spec 7 default of the Merchant feed when neither the product nor its family has a category. */
export const DEFAULT_GOOGLE_CATEGORY = 5181;

export interface GoogleCategory {
  id: number;
  parentId: number | null;
  /** English name of this level (Google's). */
  nameEn: string;
  /** European Portuguese name of this level. */
  name: string;
  /** Full Portuguese path: "Ferragens e bricolage > Canalização > Equipamento sanitário > Sanitas e bidés > Sanitas". */
  path: string;
  /** Full English path, as in taxonomy-with-ids.en-US.txt. */
  pathEn: string;
  /** Other words staff use for it ("retrete", "WC"). */
  keywords: readonly string[];
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
      name: row[3],
      path: chain.map((r) => r[3]).join(' > '),
      pathEn: chain.map((r) => r[2]).join(' > '),
      keywords: row[4] ?? [],
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

/** The category and its ancestors, nearest first: 1921 → [1921, 2062, 1673, 133, 632]. */
export function googleCategoryLineage(id: number): number[] {
  const out: number[] = [];
  for (let c = googleCategory(id); c; c = googleCategory(c.parentId)) out.push(c.id);
  return out;
}

interface SearchEntry {
  category: GoogleCategory;
  /** Words of its own Portuguese name. */
  own: Set<string>;
  /** The first word of its name, the noun it is about ("torneira" of "Torneiras e misturadoras"). */
  head: string | undefined;
  /** Words of its other names. */
  extra: Set<string>;
  /** Words of its ancestors' names and of the English path. */
  context: Set<string>;
  /** How many words its English name has (the shorter wins a tie: "Toilets" before "Toilet Tanks"). */
  enSize: number;
}

let SEARCH: SearchEntry[] | null = null;

function englishWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && w !== 'and')
    .map(singular);
}

function searchIndex(): SearchEntry[] {
  SEARCH ??= GOOGLE_CATEGORIES.map((category) => {
    const parents = category.path.split(' > ').slice(0, -1).join(' ');
    return {
      category,
      own: new Set(words(category.name)),
      head: words(category.name)[0],
      extra: new Set([...category.keywords.flatMap((k) => words(k)), ...englishWords(category.nameEn)]),
      context: new Set([...words(parents), ...englishWords(category.pathEn)]),
      enSize: englishWords(category.nameEn).length,
    };
  });
  return SEARCH;
}

/** How well one query word matches a set of words: 3 exact, 2 a prefix of at least 4 letters, else 0. */
function wordScore(query: string, set: Set<string>): number {
  if (set.has(query)) return 3;
  if (query.length >= 4) for (const w of set) if (w.startsWith(query)) return 2;
  return 0;
}

/**
 * Categories matching every word of `query` (Portuguese or English, accents and plurals optional,
 * "sanita" = "Sanitas"), or its ID. Best first: a word of the category's own name before one of
 * its other names before one of its ancestors' names, the name's first word counting most; then the shorter name ("Sanitas" before
 * "Acessórios de sanita e bidé"); then taxonomy order.
 */
export function searchGoogleCategories(query: string, limit = 30): GoogleCategory[] {
  const digits = query.trim();
  if (/^\d{1,7}$/.test(digits)) {
    return GOOGLE_CATEGORIES.filter((c) => String(c.id).startsWith(digits))
      .sort((a, b) => String(a.id).length - String(b.id).length || a.id - b.id)
      .slice(0, limit);
  }
  const terms = words(query);
  if (terms.length === 0) return GOOGLE_CATEGORIES.slice(0, limit);
  const scored: { category: GoogleCategory; score: number; order: number }[] = [];
  searchIndex().forEach((entry, order) => {
    let score = 0;
    for (const term of terms) {
      const own = wordScore(term, entry.own);
      const extra = wordScore(term, entry.extra);
      const context = wordScore(term, entry.context);
      const best = Math.max(own * 4, extra * 3, context);
      if (best === 0) return;
      score += best + (term === entry.head ? 2 : 0);
    }
    scored.push({ category: entry.category, score: score - entry.own.size * 0.1 - entry.enSize * 0.05, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.category);
}

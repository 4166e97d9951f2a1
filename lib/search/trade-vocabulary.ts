/**
 * The shipped trade vocabulary (search tuning): the words Portuguese installers and
 * customers type for the things the catalogue sells, per chapter of the catalogue tree (spec 3) —
 * regional and trade names, old names, brand names used as generic ones, spelling, gender and
 * number variants the normaliser does not already unify. Data, not code.
 *
 * - `two_way` groups: interchangeable terms, each finds the others.
 * - `one_way` groups: the `terms` (what people type) also find the `targets` (what the catalogue
 *   calls it), not the reverse: a catalogue word never widens to a slang word, and a wide word
 *   (`aquecedor`) finds the narrow ones without the narrow ones finding everything wide.
 *
 * At start these groups are seeded into the `search_synonyms` table under their `key`
 * (server/db/reference.ts); from then on staff edit them in /admin/search, and the seed never
 * overwrites an edited or deleted group. The search reads the table (server/search/synonym-store.ts).
 * `bench:search-quality` writes its `vocabulary` queries from these groups against whatever
 * catalogue is loaded (tests/search-quality/vocabulary-queries.ts).
 *
 * Keep groups conservative: a synonym widens every search that contains it, and matches through
 * a synonym rank after matches of the words typed. Terms are compared without accents, stop
 * words or plural endings; a term with a digit never matches (numbers are sizes, not words).
 */
import { slugify } from '@/lib/slug';

export type VocabularyKind = 'two_way' | 'one_way';

export interface VocabularyGroup {
  /** Stable key of the shipped group (`builtin_key` of its row). */
  readonly key: string;
  /** Chapter of the catalogue tree (spec 3) the group belongs to. */
  readonly chapter: number;
  readonly kind: VocabularyKind;
  /** two_way: the interchangeable terms; one_way: what is typed. */
  readonly terms: readonly string[];
  /** one_way: what the terms also find; empty for two_way. */
  readonly targets: readonly string[];
}

type Draft = Omit<VocabularyGroup, 'key'>;
const two = (chapter: number, ...terms: string[]): Draft => ({ chapter, kind: 'two_way', terms, targets: [] });
const one = (chapter: number, terms: string[], targets: string[]): Draft => ({ chapter, kind: 'one_way', terms, targets });

const DRAFTS: readonly Draft[] = [
  // 10 Salas de banho --------------------------------------------------------------------------
  two(10, 'sanita', 'retrete', 'wc', 'vaso sanitário', 'bacia de retrete'),
  two(10, 'lavatório', 'lavabo'),
  one(10, ['lava-mãos', 'lava mãos'], ['lavatório']),
  one(10, ['bidet', 'bidês'], ['bidé']),
  two(10, 'base de duche', 'prato de duche', 'base duche', 'prato duche'),
  one(10, ['poliban', 'polibã', 'polibam', 'tina de duche'], ['base de duche']),
  two(10, 'resguardo de duche', 'cabine de duche', 'divisória de duche', 'porta de duche', 'biombo de duche'),
  two(10, 'resguardo de banheira', 'divisória de banheira', 'biombo de banheira'),
  one(10, ['biombo'], ['resguardo']),
  one(10, ['tina', 'tina de banho'], ['banheira']),
  one(10, ['jacuzzi', 'jacuzi', 'banheira jacuzzi', 'hidromassagem'], ['sistema de hidromassagem', 'banheira de hidromassagem']),
  two(10, 'coluna de duche', 'conjunto de duche', 'kit de duche'),
  two(10, 'chuveiro de mão', 'telefone de duche', 'chuveiro telefone'),
  one(10, ['chuveiro fixo', 'chuveiro de chuva', 'cabeça de chuveiro', 'chuveirão'], ['chuveiro de teto']),
  one(10, ['bicha de chuveiro', 'mangueira de chuveiro', 'tubo de chuveiro'], ['flexível de chuveiro']),
  one(10, ['varão de duche', 'barra de chuveiro', 'suporte deslizante'], ['barra de duche']),
  two(10, 'misturadora', 'torneira'),
  one(10, ['monocomando'], ['misturadora', 'torneira']),
  one(10, ['misturador', 'misturadores', 'torneira misturadora'], ['misturadora']),
  one(10, ['perlator'], ['arejador']),
  one(10, ['filtro de torneira', 'ponteira de torneira'], ['arejador']),
  one(10, ['castelo', 'castelo de torneira', 'cabeça de torneira'], ['cartucho']),
  one(10, ['manete', 'maneta', 'puxador de torneira'], ['manípulo']),
  one(10, ['bica de banheira', 'boca de banheira'], ['bica']),
  one(10, ['comutador de duche', 'desviador', 'inversor de duche'], ['inversor']),
  two(10, 'móvel de casa de banho', 'móvel de lavatório', 'móvel wc'),
  one(10, ['armário de casa de banho', 'armário wc', 'armário de espelho'], ['armário com espelho']),
  one(10, ['espelho com luz', 'espelho iluminado', 'espelho led'], ['espelho com iluminação']),
  one(10, ['luz de espelho', 'candeeiro de espelho'], ['aplique']),
  two(10, 'toalheiro', 'seca-toalhas', 'aquecedor de toalhas'),
  one(10, ['suporte de toalhas', 'argola de toalha', 'toalheiro de argola'], ['porta-toalhas']),
  one(10, ['suporte de papel higiénico', 'porta papel higiénico', 'porta-papel', 'suporte de papel'], ['porta-rolos']),
  one(10, ['piaçaba', 'piassaba', 'escova de sanita', 'escova de wc', 'elixir de sanita'], ['escovilhão']),
  one(10, ['doseador de sabão', 'distribuidor de sabão', 'dispensador de sabonete'], ['dispensador de sabão', 'saboneteira']),
  one(10, ['assento de sanita', 'tampo de sanita', 'assento sanita', 'tampa wc', 'tampo wc'], ['tampa de sanita']),
  one(10, ['chuveiro de bidé', 'duche higiénico', 'bidé de mão', 'chuveirinho'], ['chuveiro higiénico']),
  one(10, ['prateleira de vidro', 'repisa'], ['prateleira']),

  // 20 Sanitários públicos --------------------------------------------------------------------
  one(20, ['mictório', 'urinário'], ['urinol']),
  one(20, ['sanita turca', 'retrete turca', 'bacia turca'], ['placa turca']),
  one(20, ['fluxor', 'válvula de descarga direta', 'torneira de descarga'], ['fluxómetro']),
  one(20, ['torneira de pressão', 'torneira de botão', 'torneira de mola'], ['torneira temporizada']),
  one(20, ['torneira automática', 'torneira de sensor', 'torneira com sensor', 'torneira de infravermelhos'], ['torneira eletrónica']),
  one(20, ['seca-mãos', 'secador de mãos elétrico', 'secador de maos'], ['secador de mãos']),
  one(20, ['muda-fraldas', 'trocador de fraldas', 'bancada de muda fraldas'], ['fraldário']),
  one(20, ['caixote do lixo', 'cesto do lixo', 'lixeira', 'contentor do lixo', 'balde do lixo'], ['papeleira']),
  one(20, ['barra de segurança', 'barra para deficientes', 'barra de mobilidade reduzida', 'pega de apoio', 'corrimão de casa de banho'], ['barra de apoio']),
  two(20, 'cadeira de duche', 'banco de duche', 'assento de duche'),
  one(20, ['sanita para deficientes', 'sanita de mobilidade reduzida', 'sanita alta'], ['sanita elevada']),
  one(20, ['lavatório corrido', 'calha lavatório', 'lavatório de calha'], ['lavatório coletivo']),
  one(20, ['antivandálico', 'anti-vandalismo', 'antivandalico'], ['antivandalismo']),

  // 30 Cozinha e lavandaria --------------------------------------------------------------------
  two(30, 'lava-louça', 'pio', 'pio de cozinha', 'pia de cozinha', 'lava-loiça', 'lava loiça'),
  // Not `banca`: the stemmer makes it `bancada` and `banco`.
  one(30, ['pia'], ['lava-louça']),
  one(30, ['torneira do pio', 'torneira de pio', 'torneira de lava-louça'], ['torneira de cozinha']),
  one(30, ['sifão de copo'], ['sifão de garrafa']),
  one(30, ['ralo do pio', 'válvula do pio', 'ralo de lava-louça', 'tampão de lava-louça'], ['válvula de escoamento']),
  one(30, ['triturador de lixo', 'triturador de comida', 'triturador de cozinha', 'triturador de restos'], ['triturador de resíduos']),
  one(30, ['amaciador de água', 'amaciador', 'descalcificador de água', 'tratamento de calcário'], ['descalcificador']),
  one(30, ['osmose', 'osmose inversa', 'purificador de osmose'], ['sistema de osmose']),
  one(30, ['purificador de água', 'filtro de torneira de cozinha', 'jarro filtrante'], ['filtro de água']),
  one(30, ['lavadouro', 'pia de lavar roupa', 'tanque de lavar roupa', 'tanque de roupa', 'tanque de lavar'], ['tanque']),
  one(30, ['torneira da máquina', 'torneira de máquina de lavar', 'torneira para máquina'], ['torneira de máquina']),
  one(30, ['mangueira da máquina', 'tubo de descarga da máquina', 'esgoto da máquina de lavar'], ['mangueira de descarga']),
  one(30, ['escorredouro', 'secador de loiça', 'escorredor de loiça'], ['escorredor']),
  one(30, ['ecoponto', 'caixote de reciclagem', 'contentor de reciclagem'], ['balde de reciclagem']),
  one(30, ['cuba', 'bacia de cozinha'], ['lava-louça']),

  // 40 Condução de águas sanitárias -------------------------------------------------------------
  one(40, ['cano', 'canos', 'tubagem', 'canalização'], ['tubo']),
  two(40, 'joelho', 'cotovelo', 'curva'),
  one(40, ['tee', 'derivação em t'], ['tê']),
  one(40, ['nipel', 'nipple', 'nípel', 'união macho-macho'], ['niple']),
  two(40, 'flexível', 'tubo flexível', 'bicha', 'bicha flexível'),
  one(40, ['rabicho', 'mangueira de ligação', 'ligação flexível de torneira'], ['flexível']),
  one(40, ['flexível de inox', 'tubo corrugado de inox', 'tubo inox flexível'], ['flexível ondulado']),
  two(40, 'pex', 'multicamada'),
  one(40, ['polietileno reticulado', 'pex-a', 'pex-b'], ['pex']),
  one(40, ['multi-camada', 'tubo multicapa', 'multicapa', 'alpex', 'pex-al-pex'], ['multicamada']),
  one(40, ['polipropileno', 'tubo de termofusão', 'termofusão', 'ppr verde'], ['ppr']),
  one(40, ['termofusora', 'polifusora', 'máquina de termofusão', 'soldador de ppr', 'ferro de soldar ppr'], ['máquina de soldar']),
  one(40, ['prensa', 'alicate de cravar', 'máquina de cravar', 'cravadeira', 'máquina de prensar'], ['alicate de prensar']),
  one(40, ['corta-tubos', 'cortador de tubo', 'cortatubos', 'tesoura de tubo'], ['tesoura corta-tubo']),
  one(40, ['escareador', 'calibrador'], ['calibrador-escareador']),
  one(40, ['oliva', 'anel de compressão', 'anilha de compressão'], ['anilha', 'casquilho']),
  one(40, ['acoplamento', 'junção roscada', 'uniões'], ['união']),
  one(40, ['manguito', 'luva de ligação', 'união fêmea-fêmea'], ['luva']),
  one(40, ['casquilho de redução', 'bucha de redução', 'redutor de rosca'], ['redução']),
  one(40, ['bujão', 'tampa roscada', 'caps', 'tampão roscado'], ['tampão']),
  one(40, ['passador', 'torneira de segurança'], ['válvula de esfera']),
  one(40, ['torneira de passagem', 'válvula de passagem', 'válvula de seccionamento', 'torneira de seccionamento', 'torneira de corte', 'torneira de esfera'], ['válvula de esfera']),
  one(40, ['torneira de canto', 'torneira de esquadro'], ['torneira de esquadria']),
  two(40, 'válvula de retenção', 'válvula anti-retorno', 'anti-retorno', 'antirretorno', 'retenção'),
  one(40, ['redutor de pressão', 'redutor de pressão de água', 'redutor de água'], ['válvula redutora de pressão']),
  one(40, ['medidor de pressão', 'relógio de pressão', 'manometro de glicerina'], ['manómetro']),
  one(40, ['hidrómetro', 'medidor de água', 'relógio da água', 'relógio de água', 'contador da água'], ['contador de água']),
  one(40, ['distribuidor', 'barrilete', 'repartidor', 'coletor de distribuição'], ['coletor']),
  one(40, ['sangrador', 'purga de ar', 'purga', 'purgador de ar'], ['purgador']),
  one(40, ['tomada em carga', 'tomada de carga'], ['colar de tomada']),
  two(40, 'teflon', 'fita veda-roscas', 'veda-roscas', 'fita vedante', 'fita de teflon', 'ptfe'),
  one(40, ['braçadeira'], ['abraçadeira']),
  one(40, ['filtro de rede', 'filtro de malha', 'filtro em y'], ['filtro']),

  // 50 Rega e jardim ------------------------------------------------------------------------------
  two(50, 'programador de rega', 'temporizador de rega', 'controlador de rega'),
  one(50, ['relógio de rega', 'automático de rega', 'programador de jardim'], ['programador de rega']),
  two(50, 'gota-a-gota', 'rega gota a gota', 'microrrega'),
  one(50, ['pingador', 'emissor gota-a-gota'], ['gotejador']),
  one(50, ['tubo exsudante', 'tubo poroso', 'mangueira porosa', 'mangueira gota a gota'], ['tubo gota-a-gota']),
  one(50, ['pop-up', 'popup', 'aspersor emergente', 'pulverizador emergente'], ['difusor emergente']),
  one(50, ['aspersão', 'regador automático', 'rotor de rega'], ['aspersor']),
  one(50, ['bico de rega', 'bico de mangueira', 'agulheta de rega', 'pistola de água'], ['pistola de rega']),
  one(50, ['mangueira de rega', 'bicha de rega', 'mangueira de regar'], ['mangueira de jardim']),
  one(50, ['carretel de jardim', 'carretel de rega', 'rolo de mangueira', 'porta-mangueira'], ['enrolador de mangueira']),
  one(50, ['engate rápido', 'conector rápido', 'gardena', 'ligação gardena', 'engate de mangueira'], ['ligador rápido']),
  one(50, ['válvula solenoide', 'válvula de rega', 'válvula elétrica de rega'], ['eletroválvula de rega']),
  one(50, ['pead', 'tubo preto', 'tubo de rega', 'tubo pe'], ['tubo de polietileno']),
  one(50, ['boca de lavagem', 'tomada de rega', 'boca de jardim'], ['boca de rega']),
  one(50, ['torneira de exterior', 'torneira de quintal', 'torneira de mangueira', 'torneira de rega'], ['torneira de jardim']),
  one(50, ['bebedouro', 'chafariz', 'fonte de jardim'], ['fontanário']),
  one(50, ['arqueta de rega', 'caixa de rega', 'caixa de eletroválvulas'], ['caixa de válvulas']),

  // 60 Colas, vedantes, lubrificantes, soldas, desentupidores -------------------------------------
  two(60, 'silicone', 'vedante'),
  one(60, ['tangit'], ['cola para pvc']),
  one(60, ['cola de pvc', 'cola pvc'], ['cola para pvc']),
  one(60, ['araldite', 'epoxy', 'epoxi', 'cola bicomponente', 'cola de duas componentes'], ['cola epóxi']),
  one(60, ['linho', 'cânhamo', 'estopa de linho'], ['estopa']),
  one(60, ['pasta de vedar', 'massa de vedar', 'pasta de linho'], ['pasta vedante']),
  one(60, ['loctite', 'trava-roscas', 'vedante de roscas'], ['vedante anaeróbico', 'fio vedante']),
  one(60, ['o-ring', 'oring', 'anel de vedação', 'anel de borracha', 'anel tórico'], ['junta tórica']),
  one(60, ['anilha de borracha', 'borracha de vedação', 'vedante de borracha'], ['junta']),
  one(60, ['estanho', 'fio de estanho', 'fio de solda'], ['solda']),
  one(60, ['soldador a gás', 'lança de soldar'], ['maçarico']),
  one(60, ['fluxo de soldar', 'pasta de soldar', 'pasta decapante'], ['decapante']),
  one(60, ['vaselina', 'graxa', 'massa consistente', 'massa de silicone'], ['lubrificante']),
  one(60, ['soda cáustica', 'soda', 'desentupidor químico', 'destapador'], ['desentupidor']),
  one(60, ['ventosa', 'desentupidor de borracha', 'desentupidor de ventosa'], ['desentupidor manual']),
  one(60, ['sonda desentupidora', 'cobra de desentupir', 'arame de desentupir', 'serpentina de desentupir'], ['mola desentupidora']),
  one(60, ['tira-calcário', 'removedor de calcário', 'antical', 'tira calcário'], ['desincrustante']),
  one(60, ['espuma expansiva', 'poliuretano expandido', 'espuma de pu'], ['espuma']),
  one(60, ['fita americana', 'silver tape', 'fita-cola', 'fita cola'], ['fita adesiva']),

  // 70 Drenagem ------------------------------------------------------------------------------------
  one(70, ['sumidouro'], ['ralo']),
  one(70, ['escoadouro', 'bueiro', 'ralo de chão', 'ralo de pavimento'], ['ralo']),
  one(70, ['ralo com sifão', 'sifão de pavimento', 'sifão de chão'], ['ralo sifonado']),
  one(70, ['ralo linear', 'canal de duche', 'caleira linear', 'grelha de duche'], ['caleira de duche']),
  one(70, ['canal de drenagem', 'calha de drenagem', 'valeta', 'grelha de drenagem'], ['caleira']),
  one(70, ['algeroz', 'goteira'], ['caleira de telhado']),
  one(70, ['calha', 'calha de telhado', 'caleira pluvial', 'caleira de beiral'], ['caleira de telhado']),
  one(70, ['tubo de descida'], ['tubo de queda']),
  one(70, ['tubo pluvial', 'prumada', 'tubo de águas pluviais', 'descida de águas'], ['tubo de queda']),
  two(70, 'caixa de visita', 'caixa de inspeção', 'caixa de saneamento'),
  one(70, ['caixa de esgoto', 'caixa de ramal', 'poço de visita', 'câmara de visita'], ['caixa de visita']),
  two(70, 'separador de gorduras', 'caixa de gorduras'),
  one(70, ['separador de óleos', 'separador de hidrocarbonetos'], ['separador de hidrocarbonetos']),
  one(70, ['fossa', 'fossa sética', 'etar doméstica', 'mini etar', 'tanque séptico'], ['fossa séptica']),
  one(70, ['manta drenante', 'feltro geotêxtil', 'tela drenante', 'manta geotêxtil'], ['geotêxtil']),
  one(70, ['dreno'], ['tubo de drenagem']),
  one(70, ['tubo ranhurado', 'tubo perfurado', 'tubo de drenagem', 'tubo drenante'], ['tubo corrugado']),
  one(70, ['cisterna de água', 'cisterna de águas pluviais', 'reservatório de água', 'reservatório', 'tanque de água'], ['depósito de água', 'depósito de recolha']),
  one(70, ['desarenador', 'caixa de areia'], ['caixa de areias']),
  one(70, ['grelha de sarjeta', 'sarjeta', 'grelha de passeio'], ['grelha']),

  // 80 Esgotos de edifícios ------------------------------------------------------------------------
  one(80, ['cano de esgoto', 'tubo de esgoto', 'tubagem de esgoto', 'tubo cinzento'], ['tubo pvc de esgoto']),
  one(80, ['junção', 'junção a 45', 'tê de esgoto', 'forqueta', 'derivação de esgoto'], ['forquilha']),
  one(80, ['capelo', 'chapéu de chaminé', 'chapéu de tubo'], ['chapéu de ventilação']),
  two(80, 'válvula de admissão de ar', 'válvula de ventilação'),
  one(80, ['válvula de arejamento', 'arejador de esgoto', 'válvula de ar de esgoto', 'maxi-vent'], ['válvula de admissão de ar']),
  one(80, ['abraçadeira com borracha', 'abraçadeira acústica', 'abraçadeira insonorizada'], ['abraçadeira isofónica']),
  one(80, ['barra roscada', 'varão de rosca'], ['varão roscado']),
  one(80, ['taco', 'taco de expansão', 'bucha de expansão'], ['bucha']),
  one(80, ['caixa de pavimento', 'caixa de chão'], ['caixa sifonada']),
  one(80, ['tubo insonorizado', 'tubo silencioso', 'esgoto insonorizado', 'tubo acústico'], ['tubo pp']),
  one(80, ['sanitrit', 'saniflo', 'bomba trituradora', 'sanibroyeur', 'sanita trituradora', 'wc triturador'], ['triturador sanitário']),

  // 90 Autoclismos, estruturas, ferragens ----------------------------------------------------------
  two(90, 'autoclismo', 'cisterna', 'tanque de descarga'),
  one(90, ['autoclismo embutido', 'autoclismo de embutir', 'autoclismo encastrado', 'cisterna embutida', 'autoclismo de parede', 'geberit'], ['autoclismo interior']),
  one(90, ['autoclismo alto', 'autoclismo de corrente', 'autoclismo à vista', 'autoclismo baixo', 'autoclismo de pendurar'], ['autoclismo exterior']),
  two(90, 'placa de comando', 'placa de descarga', 'botoneira de autoclismo'),
  one(90, ['tecla de descarga', 'botão de descarga', 'placa de acionamento', 'placa de accionamento', 'botão do autoclismo'], ['placa de comando']),
  two(90, 'estrutura suspensa', 'bastidor', 'estrutura de encastrar'),
  one(90, ['chassis', 'chassi', 'módulo sanitário', 'módulo de instalação'], ['estrutura suspensa']),
  one(90, ['válvula de descarga', 'mecanismo de autoclismo', 'descarga de autoclismo', 'maquinismo de autoclismo'], ['mecanismo de descarga']),
  two(90, 'torneira de boia', 'válvula de enchimento', 'boia de autoclismo'),
  one(90, ['mecanismo de enchimento', 'torneira de enchimento', 'entrada de água do autoclismo'], ['válvula de enchimento']),
  one(90, ['flutuador', 'bóia'], ['boia']),
  one(90, ['tubo de ligação de sanita', 'manga de sanita', 'manguito de sanita', 'ligação de sanita'], ['tubo de ligação']),

  // 100 Ventilação e exaustão ---------------------------------------------------------------------
  one(100, ['exaustor'], ['extrator']),
  one(100, ['ventilador de casa de banho', 'exaustor de casa de banho', 'extrator de wc', 'exaustor de wc'], ['extrator de casa de banho']),
  one(100, ['ventoinha', 'ventoinhas'], ['ventilador']),
  one(100, ['tubo de ventilação', 'tubo de extração', 'manga de ventilação', 'tubagem de ventilação'], ['conduta']),
  one(100, ['tubo de alumínio flexível', 'manga de alumínio', 'manga flexível', 'tubo flexível de alumínio'], ['conduta flexível']),
  one(100, ['grelha de arejamento', 'grade de ventilação', 'respiro', 'grelha de ar'], ['grelha de ventilação']),
  one(100, ['boca de ar', 'boca de exaustão'], ['boca de extração']),
  two(100, 'vmc', 'ventilação mecânica controlada', 'recuperador de calor'),
  one(100, ['timer'], ['temporizador']),
  one(100, ['grelha de gravidade', 'persiana de gravidade', 'registo de gravidade'], ['persiana automática']),
  one(100, ['atenuador acústico', 'atenuador'], ['silenciador']),
  one(100, ['chapéu de exaustor', 'saída de telhado', 'terminal de cobertura'], ['chapéu de exaustão']),

  // 110 AQS, climatização e renováveis -------------------------------------------------------------
  two(110, 'esquentador', 'aquecedor de água a gás', 'aquecedor a gás', 'aquecedor de água instantâneo'),
  one(110, ['vulcano', 'junkers', 'esquentador a gás'], ['esquentador']),
  one(110, ['esquentador ventilado', 'esquentador de exaustão forçada', 'esquentador de tiragem forçada'], ['esquentador estanque']),
  two(110, 'termoacumulador', 'cilindro', 'termo', 'cilindro elétrico', 'boiler', 'acumulador elétrico'),
  one(110, ['termo-acumulador', 'cilindro de água quente', 'depósito de água quente', 'acumulador de água quente', 'termos'], ['termoacumulador']),
  one(110, ['aquecedor de água'], ['esquentador', 'termoacumulador']),
  one(110, ['cilindro solar', 'depósito solar', 'acumulador solar', 'cilindro com serpentina', 'cilindro de serpentina'], ['interacumulador']),
  one(110, ['tanque de inércia', 'depósito de acumulação', 'acumulador de inércia', 'buffer'], ['depósito de inércia']),
  two(110, 'aqs', 'água quente sanitária', 'águas quentes sanitárias'),
  one(110, ['caldeira mural', 'caldeira de parede', 'caldeira a gás'], ['caldeira']),
  one(110, ['caldeira a pellets', 'caldeira de pélets', 'caldeira a biomassa'], ['caldeira de pellets', 'caldeira de biomassa']),
  one(110, ['caldeira de gasóleo', 'caldeira a óleo', 'caldeira de óleo'], ['caldeira a gasóleo']),
  one(110, ['aquecedor', 'aquecedores', 'calorífero', 'caloríferos', 'aquecedor de parede'], ['radiador']),
  one(110, ['radiador de chapa', 'radiador de aço', 'painel radiante'], ['radiador de painel']),
  one(110, ['radiador de elementos', 'radiador de aletas', 'elementos de radiador'], ['radiador de alumínio']),
  one(110, ['termostato de radiador', 'cabeça de radiador', 'cabeça termostatica de radiador'], ['cabeça termostática']),
  one(110, ['torneira de radiador', 'válvula de radiador', 'válvula termostática'], ['válvula termostatizável', 'detentor']),
  one(110, ['vaso expansor', 'expansor'], ['vaso de expansão']),
  one(110, ['depósito de expansão', 'tanque de expansão', 'balão de expansão', 'vaso de membrana'], ['vaso de expansão']),
  two(110, 'circulador', 'bomba circuladora', 'bomba de circulação'),
  one(110, ['bomba de aquecimento', 'bomba de recirculação', 'recirculador', 'bomba de retorno'], ['circulador']),
  two(110, 'piso radiante', 'chão radiante', 'pavimento radiante', 'aquecimento por piso'),
  one(110, ['chão aquecido', 'piso aquecido', 'aquecimento radiante', 'aquecimento de pavimento'], ['piso radiante']),
  two(110, 'ar condicionado', 'climatizador', 'aparelho de ar condicionado'),
  one(110, ['split', 'multi-split', 'multisplit', 'máquina de ar condicionado'], ['ar condicionado']),
  two(110, 'painel solar', 'placa solar', 'módulo solar'),
  one(110, ['painel fotovoltaico', 'fotovoltaico', 'placa fotovoltaica', 'módulo fotovoltaico', 'painéis fotovoltaicos'], ['painel solar']),
  two(110, 'painel solar térmico', 'coletor solar', 'coletor solar térmico'),
  one(110, ['termossifão', 'sistema termossifão', 'solar compacto'], ['kit solar']),
  one(110, ['inversor solar', 'inversor fotovoltaico'], ['microinversor']),
  one(110, ['anticongelante', 'anti-congelante', 'glicol', 'propilenoglicol', 'fluido solar'], ['líquido solar']),
  one(110, ['aerotermia', 'aerotérmico', 'bomba de calor aerotérmica', 'bomba de calor ar-água'], ['bomba de calor']),
  one(110, ['cronotermóstato', 'termóstato programável', 'termostato de parede', 'termostato digital'], ['termóstato ambiente']),
  one(110, ['vareta de magnésio', 'barra de magnésio', 'magnésio'], ['ânodo']),
  one(110, ['elemento de aquecimento', 'resistência de termoacumulador', 'resistência de cilindro'], ['resistência elétrica']),
  one(110, ['válvula de alívio', 'válvula de sobrepressão', 'grupo de segurança', 'válvula de segurança de cilindro'], ['válvula de segurança']),
  one(110, ['kit de chaminé', 'kit de evacuação', 'kit concêntrico', 'tubo concêntrico', 'kit de fumos'], ['kit de exaustão']),
  one(110, ['chaminé', 'tubo de chaminé', 'tubo de fumos', 'tubo de evacuação'], ['tubo de exaustão']),
  one(110, ['separador de lamas', 'filtro de lamas', 'desfangador', 'filtro desfangador'], ['filtro magnético']),
  one(110, ['neutralizador', 'neutralizador de ph de condensados'], ['neutralizador de condensados']),
  one(110, ['trocador de calor', 'intercambiador', 'intercambiador de calor', 'permutador de placas'], ['permutador']),
  one(110, ['bomba de condensação', 'bomba de esgoto de ar condicionado', 'bomba de água de condensação'], ['bomba de condensados']),
  one(110, ['toalheiro a água', 'toalheiro hidráulico'], ['toalheiro']),

  // 120 Gás -----------------------------------------------------------------------------------------
  two(120, 'redutor de gás', 'regulador de gás', 'redutor de pressão de gás'),
  one(120, ['manorredutor', 'redutor de garrafa', 'regulador de garrafa', 'redutor de botija', 'redutor de butano', 'redutor de propano'], ['redutor de pressão de gás']),
  one(120, ['botija', 'bilha', 'botija de gás', 'bilha de gás', 'garrafa de butano', 'garrafa de propano'], ['garrafa de gás']),
  one(120, ['mangueira de gás', 'tubo de gás'], ['flexível de gás']),
  one(120, ['bicha de gás', 'mangueira de butano', 'tubo de butano', 'tubo de borracha de gás'], ['flexível de gás', 'tubo de borracha']),
  one(120, ['torneira de gás', 'torneira de corte de gás', 'passador de gás', 'válvula de gás'], ['válvula de corte de gás']),
  one(120, ['sensor de gás', 'alarme de gás', 'detetor de fugas de gás'], ['detetor de gás', 'detetor de gpl']),
  one(120, ['contador de gás'], ['caixa de contador de gás']),
  one(120, ['butano', 'propano', 'gás engarrafado'], ['gpl']),
  one(120, ['gás canalizado', 'gás da rede', 'gás de cidade'], ['gás natural']),
  one(120, ['comutador de garrafas', 'inversor de garrafas', 'inversor de gás'], ['inversor automático']),
  one(120, ['abrigo de garrafas', 'armário de gás', 'caixa de garrafas'], ['armário para garrafas']),

  // 130 Aspiração central ---------------------------------------------------------------------------
  two(130, 'aspiração central', 'aspirador central', 'aspiração centralizada', 'central de aspiração'),
  one(130, ['motor de aspiração', 'unidade de aspiração', 'sistema de aspiração'], ['central de aspiração']),
  one(130, ['tomada de aspirador', 'boca de aspiração', 'ponto de aspiração'], ['tomada de aspiração']),
  one(130, ['mangueira do aspirador', 'tubo do aspirador', 'mangueira de aspirador'], ['mangueira de aspiração']),
  one(130, ['rodapé aspirante', 'vacpan', 'aspirador de rodapé', 'varredor de rodapé'], ['pá aspirante']),
  one(130, ['saco de aspirador', 'saco do aspirador', 'sacos do aspirador'], ['sacos de substituição']),
  one(130, ['tubo extensível', 'cabo extensível'], ['tubo telescópico']),

  // 140 Bombagem ------------------------------------------------------------------------------------
  two(140, 'bomba', 'eletrobomba', 'electrobomba', 'motobomba'),
  two(140, 'grupo de pressão', 'grupo hidropressor', 'sobrepressor', 'hidropressor'),
  one(140, ['bomba hidropressora', 'central hidropressora', 'grupo de pressurização', 'pressurizador', 'bomba com depósito'], ['grupo de pressão']),
  one(140, ['bomba de furo', 'bomba de poço profundo'], ['bomba de poço']),
  one(140, ['bomba de captação', 'bomba de furo artesiano', 'furo artesiano', 'bomba de 4 polegadas', 'bomba submersível de poço'], ['bomba de poço']),
  one(140, ['bomba de drenagem', 'bomba de esgoto'], ['bomba submersível']),
  one(140, ['bomba submersa', 'bomba de águas sujas', 'bomba de águas residuais', 'bomba de fossa', 'bomba de cave', 'bomba de inundação'], ['bomba submersível']),
  one(140, ['bomba autoferrante', 'bomba auto-ferrante', 'autoferrante', 'bomba de jato', 'bomba jet', 'bomba autoescorvante'], ['bomba autoaspirante']),
  one(140, ['bomba de superfície', 'bomba horizontal'], ['bomba centrífuga', 'bomba autoaspirante', 'bomba periférica']),
  one(140, ['presostato'], ['pressostato']),
  one(140, ['interruptor de pressão', 'pressóstato'], ['pressostato']),
  one(140, ['presscontrol', 'press control', 'press-control', 'controlador de bomba', 'controlador eletrónico de bomba'], ['controlador de pressão']),
  one(140, ['interruptor de nível', 'boia de nível', 'flutuador elétrico', 'boia de bomba', 'boia de nível elétrica'], ['boia elétrica', 'interruptor de boia']),
  one(140, ['balão', 'balão hidropressor', 'tanque de pressão', 'vaso de pressão', 'depósito de pressão', 'tanque hidropressor'], ['depósito hidropressor']),
  one(140, ['bexiga', 'membrana de balão'], ['membrana']),
  one(140, ['estação de bombagem', 'poço de bombagem', 'bomba elevatória', 'estação de elevação'], ['estação elevatória']),
  one(140, ['quadro elétrico de bomba', 'quadro de bomba', 'quadro de proteção de bomba', 'caixa de comando'], ['quadro de comando', 'quadro de arranque']),
  one(140, ['kit de emenda', 'emenda de cabo', 'junção de cabo'], ['manga termorretrátil']),
  one(140, ['válvula de fundo', 'ralo de aspiração', 'crepina de aspiração'], ['válvula de pé']),

  // 150 Combate a incêndio --------------------------------------------------------------------------
  two(150, 'extintor', 'extinguidor'),
  one(150, ['extintor abc', 'extintor de pó abc', 'extintor pó'], ['extintor de pó químico']),
  one(150, ['extintor de dióxido de carbono', 'extintor de neve carbónica', 'extintor co2'], ['extintor de co2']),
  one(150, ['boca de incêndio armada', 'bia', 'carretel', 'carretel de mangueira'], ['carretel de incêndio']),
  one(150, ['hidrante', 'marco de incêndio', 'boca de rua', 'marco de água'], ['boca de incêndio']),
  one(150, ['mangueira de bombeiro', 'mangueira chata', 'mangueira plana', 'mangueira de incêndio'], ['mangueira flexível', 'mangueira semirrígida']),
  one(150, ['lança de incêndio', 'ponteira de incêndio', 'agulheta de mangueira'], ['agulheta']),
  two(150, 'manta ignífuga', 'manta anti-fogo', 'manta corta-fogo'),
  one(150, ['cobertor anti-fogo', 'manta de incêndio', 'manta antifogo', 'manta apaga-fogos'], ['manta ignífuga']),
  two(150, 'bloco autónomo de emergência', 'luz de emergência', 'iluminação de emergência'),
  one(150, ['baes', 'bloco de emergência', 'armadura de emergência', 'luminária de emergência'], ['bloco autónomo']),
  two(150, 'sinal', 'sinalética', 'placa de sinalização'),
  one(150, ['placa de saída', 'sinal de saída', 'sinal de emergência', 'placa fotoluminescente', 'sinal fotoluminescente'], ['sinal']),
  one(150, ['detector de fumo', 'alarme de fumo', 'sensor de fumo', 'detetor de incêndio'], ['detetor de fumo']),
  one(150, ['botão de alarme', 'quebra-vidros', 'botão de emergência', 'botão de incêndio', 'botoneira de alarme'], ['botoneira']),
  one(150, ['sirena', 'alarme sonoro'], ['sirene']),
  one(150, ['central de alarme', 'central de incêndio', 'quadro de alarme de incêndio'], ['central de deteção']),
  one(150, ['aspersor de incêndio', 'chuveiro de incêndio'], ['sprinkler']),
  one(150, ['armário de extintor', 'cofre de extintor', 'caixa de extintor'], ['caixa de proteção para extintor', 'armário para extintor']),

  // 200 Piscinas e tratamentos químicos -------------------------------------------------------------
  two(200, 'robô de piscina', 'robot de piscina', 'aspirador de piscina'),
  one(200, ['robot'], ['robô']),
  one(200, ['limpa-fundos', 'limpa fundos', 'aspirador automático', 'robô limpa piscinas'], ['robô de limpeza']),
  one(200, ['escumador'], ['skimmer']),
  one(200, ['skimer', 'escumadeira', 'boca de superfície'], ['skimmer']),
  two(200, 'projetor', 'foco', 'holofote'),
  one(200, ['luz de piscina', 'iluminação de piscina', 'foco de piscina', 'lâmpada de piscina'], ['projetor led para piscina', 'lâmpada led']),
  two(200, 'clorador salino', 'eletrólise de sal', 'clorador de sal'),
  one(200, ['eletrolisador', 'sistema de sal', 'cloração salina', 'eletrólise salina', 'gerador de cloro'], ['clorador salino']),
  one(200, ['pastilhas', 'pastilhas de piscina', 'tricloro'], ['cloro em pastilhas']),
  one(200, ['cloro em pó', 'cloro rápido', 'dicloro', 'cloro de choque', 'choque de cloro'], ['cloro granulado']),
  one(200, ['anti-algas', 'antialgas', 'anti algas'], ['algicida']),
  one(200, ['ph minus', 'menos ph', 'baixar ph', 'ph menos', 'redutor ph'], ['redutor de ph']),
  one(200, ['ph plus', 'mais ph', 'subir ph', 'ph mais', 'elevador ph'], ['elevador de ph']),
  one(200, ['kit de análise', 'kit de teste', 'teste de cloro', 'teste de ph', 'analisador de água'], ['estojo de análise']),
  one(200, ['depurador', 'filtro de piscina', 'depuradora'], ['filtro de areia']),
  one(200, ['areia de filtro', 'areia para filtro', 'sílica', 'areia de quartzo'], ['areia de sílica']),
  one(200, ['afm', 'vidro para filtro', 'vidro reciclado'], ['vidro filtrante']),
  one(200, ['válvula de seis vias', 'válvula multivias', 'válvula selectora', 'válvula de filtro'], ['válvula seletora']),
  one(200, ['motor de piscina', 'bomba de filtração', 'bomba de filtragem', 'motor da piscina'], ['bomba de piscina']),
  one(200, ['camaroeiro', 'rede de piscina', 'apanha-folhas', 'rede de folhas', 'rede apanha folhas'], ['recolhe-folhas']),
  one(200, ['vara telescópica', 'pau telescópico', 'vara de piscina'], ['cabo telescópico']),
  one(200, ['mangueira de piscina', 'mangueira de aspiração de piscina'], ['mangueira flutuante']),
  one(200, ['lona de piscina', 'capa de piscina', 'toldo de piscina', 'cobertura de inverno', 'lona'], ['cobertura']),
  one(200, ['aquecedor de piscina', 'aquecimento de piscina'], ['bomba de calor para piscina', 'aquecedor elétrico']),
  one(200, ['duche solar', 'chuveiro solar', 'chuveiro de piscina', 'duche de exterior'], ['chuveiro de exterior']),
  one(200, ['pedilúvio', 'lava pés'], ['lava-pés']),
  one(200, ['bomba peristáltica', 'doseadora', 'doseador automático'], ['bomba doseadora']),
  one(200, ['boia de cloro', 'flutuador de cloro', 'doseador de cloro', 'dispensador de cloro'], ['doseador flutuante']),
  one(200, ['selo mecânico', 'vedante mecânico', 'empanque'], ['empanque mecânico']),
  one(200, ['boca de retorno', 'injetor', 'bocal de retorno', 'boca de impulsão de piscina'], ['boca de impulsão']),
  one(200, ['ralo de piscina', 'dreno de fundo', 'sumidouro de piscina'], ['ralo de fundo']),
  one(200, ['escadote de piscina', 'escada inox'], ['escada de piscina', 'escada']),
];

function keyOf(draft: Draft, taken: Set<string>): string {
  const base = `${draft.kind === 'two_way' ? 'eq' : 'to'}-${draft.chapter}-${slugify(draft.terms[0] ?? 'grupo')}`;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

const taken = new Set<string>();
/** The shipped vocabulary, in chapter order (at least 150 groups: tests/integration/admin-search.test.ts). */
export const TRADE_VOCABULARY: readonly VocabularyGroup[] = DRAFTS.map((d) => ({ key: keyOf(d, taken), ...d }));

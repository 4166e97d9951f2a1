import 'server-only';
import type { SynonymEntry } from '@/lib/search/synonyms';

/**
 * Trade vocabulary of Portuguese installers (pt-PT), as data: what a professional types and what
 * the catalogue calls it. `equivalent` terms find each other; `from` terms also find `to` terms
 * (not the reverse). Terms are compared without accents, stop words or plural endings, so
 * `aquecedor de água a gás` also matches `aquecedores agua gas`.
 *
 * Keep entries conservative: a synonym widens every search that contains it, and matches through
 * a synonym always rank after matches of the words typed.
 */
export const SYNONYMS: readonly SynonymEntry[] = [
  // Sanitários e casa de banho
  { equivalent: ['sanita', 'retrete', 'wc', 'vaso sanitário', 'bacia de retrete'] },
  { equivalent: ['lavatório', 'lavabo'] },
  { from: ['lava-mãos', 'lava mãos'], to: ['lavatório'] },
  { equivalent: ['base de duche', 'prato de duche', 'base duche', 'prato duche'] },
  { equivalent: ['resguardo de duche', 'cabine de duche', 'divisória de duche', 'porta de duche', 'biombo de duche'] },
  { equivalent: ['resguardo de banheira', 'divisória de banheira', 'biombo de banheira'] },
  { from: ['biombo'], to: ['resguardo'] },
  { equivalent: ['coluna de duche', 'conjunto de duche', 'kit de duche'] },
  { equivalent: ['chuveiro de mão', 'telefone de duche', 'chuveiro telefone'] },
  { from: ['ducha'], to: ['chuveiro'] },
  { from: ['perlator'], to: ['arejador'] },
  { equivalent: ['móvel de casa de banho', 'móvel de lavatório', 'móvel wc'] },
  { equivalent: ['toalheiro', 'seca-toalhas', 'aquecedor de toalhas'] },

  // Torneiras
  { equivalent: ['misturadora', 'torneira'] },
  { from: ['monocomando'], to: ['misturadora', 'torneira'] },
  { from: ['passador', 'torneira de segurança'], to: ['válvula de esfera'] },
  { equivalent: ['válvula de retenção', 'válvula anti-retorno', 'anti-retorno', 'antirretorno', 'retenção'] },
  { equivalent: ['torneira de boia', 'válvula de enchimento', 'boia de autoclismo'] },

  // Autoclismos
  { equivalent: ['autoclismo', 'cisterna', 'tanque de descarga'] },
  { equivalent: ['placa de comando', 'placa de descarga', 'botoneira de autoclismo'] },
  { equivalent: ['estrutura suspensa', 'bastidor', 'estrutura de encastrar'] },
  { from: ['sanitrit', 'saniflo', 'bomba trituradora'], to: ['triturador sanitário'] },

  // Tubagem e acessórios
  { equivalent: ['joelho', 'cotovelo', 'curva'] },
  { from: ['tee', 'derivação em t'], to: ['tê'] },
  { from: ['nipel', 'nipple', 'nípel'], to: ['niple'] },
  { equivalent: ['flexível', 'tubo flexível', 'bicha', 'bicha flexível'] },
  { from: ['mangueira de gás', 'tubo de gás'], to: ['flexível de gás'] },
  { equivalent: ['pex', 'multicamada'] },
  { equivalent: ['teflon', 'fita veda-roscas', 'veda-roscas', 'fita vedante', 'fita de teflon', 'ptfe'] },
  { equivalent: ['silicone', 'vedante'] },
  { from: ['tangit'], to: ['cola para pvc'] },
  { from: ['braçadeira'], to: ['abraçadeira'] },
  { from: ['barra roscada', 'varão de rosca'], to: ['varão roscado'] },

  // Águas quentes e aquecimento
  { equivalent: ['esquentador', 'aquecedor de água a gás', 'aquecedor a gás', 'aquecedor de água instantâneo'] },
  { equivalent: ['termoacumulador', 'cilindro', 'termo', 'cilindro elétrico', 'boiler', 'acumulador elétrico'] },
  { equivalent: ['aqs', 'água quente sanitária', 'águas quentes sanitárias'] },
  { equivalent: ['piso radiante', 'chão radiante', 'pavimento radiante', 'aquecimento por piso'] },
  { from: ['vaso expansor', 'expansor'], to: ['vaso de expansão'] },
  { equivalent: ['ar condicionado', 'climatizador', 'aparelho de ar condicionado'] },
  { equivalent: ['painel solar', 'placa solar', 'módulo solar'] },
  { equivalent: ['painel solar térmico', 'coletor solar', 'coletor solar térmico'] },
  { equivalent: ['vmc', 'ventilação mecânica controlada', 'recuperador de calor'] },
  { from: ['exaustor'], to: ['extrator'] },

  // Bombagem
  { equivalent: ['bomba', 'eletrobomba', 'electrobomba', 'motobomba'] },
  { equivalent: ['grupo de pressão', 'grupo hidropressor', 'sobrepressor'] },
  { equivalent: ['circulador', 'bomba circuladora', 'bomba de circulação'] },
  { from: ['bomba de furo', 'bomba de poço profundo'], to: ['bomba de poço'] },
  { from: ['bomba de drenagem', 'bomba de esgoto'], to: ['bomba submersível'] },
  { from: ['presostato'], to: ['pressostato'] },

  // Gás
  { equivalent: ['redutor de gás', 'regulador de gás', 'redutor de pressão de gás'] },
  { from: ['contador de gás'], to: ['caixa de contador de gás'] },
  { from: ['hidrómetro', 'medidor de água'], to: ['contador de água'] },

  // Drenagem e esgotos
  { equivalent: ['caixa de visita', 'caixa de inspeção', 'caixa de saneamento'] },
  { equivalent: ['separador de gorduras', 'caixa de gorduras'] },
  { from: ['algeroz', 'goteira'], to: ['caleira de telhado'] },
  { from: ['tubo de descida'], to: ['tubo de queda'] },
  { from: ['dreno'], to: ['tubo de drenagem'] },
  { from: ['sumidouro'], to: ['ralo'] },
  { equivalent: ['válvula de admissão de ar', 'válvula de ventilação'] },

  // Rega e jardim
  { equivalent: ['programador de rega', 'temporizador de rega', 'controlador de rega'] },
  { equivalent: ['gota-a-gota', 'rega gota a gota', 'microrrega'] },

  // Incêndio
  { equivalent: ['extintor', 'extinguidor'] },
  { equivalent: ['manta ignífuga', 'manta anti-fogo', 'manta corta-fogo'] },
  { equivalent: ['bloco autónomo de emergência', 'luz de emergência', 'iluminação de emergência'] },
  { equivalent: ['sinal', 'sinalética', 'placa de sinalização'] },

  // Piscinas
  { equivalent: ['robô de piscina', 'robot de piscina', 'aspirador de piscina'] },
  { from: ['robot'], to: ['robô'] },
  { from: ['escumador'], to: ['skimmer'] },
  { equivalent: ['projetor', 'foco', 'holofote'] },
  { equivalent: ['clorador salino', 'eletrólise de sal', 'clorador de sal'] },

  // Aspiração central
  { equivalent: ['aspiração central', 'aspirador central', 'aspiração centralizada'] },
];

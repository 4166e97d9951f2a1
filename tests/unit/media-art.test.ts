/** @jest-environment node */
import sharp from 'sharp';

import {
  CHAPTER_ICONS,
  brandLogoSvg,
  campaignImageSvg,
  chapterIconSvg,
  chapterImageSvg,
  familyImageSvg,
  hashString,
  pickArtKind,
  placeholderImageSvg,
  productImageSvg,
  type ArtKind,
  type ChapterTheme,
} from '../../server/media/art';
import type { ChapterIconName } from '@/lib/catalogue/chapters';

const theme: ChapterTheme = { from: '#38bdf8', to: '#1d4ed8', accent: '#0284c7' };

const product = (name: string, code = 'ABC-123'): string =>
  productImageSvg({ name, familyTitle: 'Família de teste', chapterIcon: 'pipe', theme, code });

async function dimensions(svg: string): Promise<{ width?: number; height?: number }> {
  const meta = await sharp(Buffer.from(svg)).metadata();
  return { width: meta.width, height: meta.height };
}

/** Rasterising proves the document parses; returns the PNG for further checks. */
async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function expectStandalone(svg: string, width: number, height: number): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).toContain(`width="${width}"`);
  expect(svg).toContain(`height="${height}"`);
  expect(svg).not.toMatch(/<script|<image|<foreignObject|href=|@import|url\((?!#)/i);
  expect(Buffer.byteLength(svg)).toBeLessThan(6 * 1024);
}

const ICONS = Object.keys(CHAPTER_ICONS) as ChapterIconName[];

// One representative product name per illustration kind.
const NAMES_BY_KIND: Record<ArtKind, string> = {
  faucet: 'Torneira monocomando lavatório',
  shower: 'Coluna de duche termostática',
  toilet: 'Sanita compacta',
  basin: 'Lavatório de pousar',
  bathtub: 'Banheira acrílica 170x70',
  pipe: 'Tubo multicamada 16x2',
  fitting: 'Joelho 90º latão',
  valve: 'Válvula de esfera 1"',
  heater: 'Esquentador ventilado 11L',
  radiator: 'Radiador alumínio',
  pump: 'Bomba centrífuga 1HP',
  extinguisher: 'Extintor pó ABC 6kg',
  hose: 'Flexível inox 35cm',
  hoseReel: 'Carretel de incêndio 25m',
  drain: 'Ralo quadrado inox',
  fan: 'Extrator de casa de banho',
  poolFilter: 'Filtro de areia para piscina',
  chemical: 'Cloro em pastilhas 5kg',
  tank: 'Autoclismo exterior',
  cartridge: 'Silicone sanitário branco',
  glue: 'Cola PVC 250ml',
  tape: 'Fita teflon 12mm',
  gasBottle: 'Garrafa de gás butano',
  box: 'Kit de fixação universal',
};

describe('hashString', () => {
  it('is deterministic and unsigned 32-bit', () => {
    expect(hashString('Torneira')).toBe(hashString('Torneira'));
    expect(hashString('Torneira')).not.toBe(hashString('Torneiras'));
    for (const s of ['', 'a', 'Válvula', '€ & <x>']) {
      const h = hashString(s);
      expect(Number.isInteger(h)).toBe(true);
      expect(h).toBeGreaterThanOrEqual(0);
      expect(h).toBeLessThan(2 ** 32);
    }
  });
});

describe('keyword selection', () => {
  it.each(Object.entries(NAMES_BY_KIND))('%s ⇐ "%s"', (kind, name) => {
    expect(pickArtKind(name)).toBe(kind);
  });

  it('prefers specific phrases over generic words', () => {
    expect(pickArtKind('Torneira de passagem 1/2"')).toBe('valve');
    expect(pickArtKind('Tubo flexível de chuveiro')).toBe('hose');
    expect(pickArtKind('Bomba de calor AQS 200L')).toBe('heater');
    expect(pickArtKind('Sifão de garrafa cromado')).toBe('drain');
    expect(pickArtKind('Lava-louça inox 1 cuba')).toBe('basin');
    expect(pickArtKind('Tê igual PPR 25')).toBe('fitting');
    expect(pickArtKind('Produto sem palavras conhecidas')).toBeNull();
  });
});

describe('productImageSvg', () => {
  it('renders an 800×800 standalone SVG', async () => {
    const svg = product('Torneira monocomando lavatório');
    expectStandalone(svg, 800, 800);
    expect(await dimensions(svg)).toEqual({ width: 800, height: 800 });
    expect(svg).toContain('ABC-123');
    expect(svg).toContain('font-family="Inter, \'Segoe UI\', Arial, sans-serif"');
  });

  it('escapes XML in names and codes', async () => {
    const svg = productImageSvg({
      name: 'Tubo & acessórios <PVC> "grey" \'x\'',
      familyTitle: 'A & B <c>',
      chapterIcon: 'pipe',
      theme,
      code: 'R&D<1>',
    });
    expect(svg).toContain('Tubo &amp; acessórios &lt;PVC&gt; &quot;grey&quot; &apos;x&apos;');
    expect(svg).toContain('R&amp;D&lt;1&gt;');
    expect(svg).not.toContain('<PVC>');
    expect(await dimensions(svg)).toEqual({ width: 800, height: 800 });
  });

  it('strips characters that are invalid in XML', async () => {
    const svg = product('Nome\u0000com\u0007controlo\uD800');
    expect(await dimensions(svg)).toEqual({ width: 800, height: 800 });
  });

  it('is deterministic', () => {
    expect(product('Bomba submersível 750W')).toBe(product('Bomba submersível 750W'));
  });

  it('varies between neighbouring products', () => {
    expect(product('Tubo multicamada 16x2')).not.toBe(product('Tubo multicamada 20x2'));
    // Strip the label and caption so only the artwork is compared.
    const art = (s: string) =>
      s
        .replace(/<title>.*?<\/title>/, '')
        .replace(/aria-label="[^"]*"/, '')
        .replace(/<text[\s\S]*?<\/text>/g, '');
    expect(art(product('Joelho latão 1/2"', 'X'))).not.toBe(art(product('Joelho latão 3/4"', 'X')));
  });

  it('picks different art for Extintor vs Torneira', () => {
    const body = (s: string) =>
      s.replace(/<title>.*?<\/title>/, '').replace(/aria-label="[^"]*"/, '');
    const a = body(product('Extintor pó ABC 6kg', 'SAME'));
    const b = body(product('Torneira de cozinha', 'SAME'));
    expect(a).not.toBe(b);
    // The extinguisher red only appears in the extinguisher drawing.
    expect(a).toContain('#d8343b');
    expect(b).not.toContain('#d8343b');
  });

  it('renders every illustration kind within budget', async () => {
    for (const name of Object.values(NAMES_BY_KIND)) {
      const svg = product(name);
      expectStandalone(svg, 800, 800);
      await expect(rasterise(svg)).resolves.toBeInstanceOf(Buffer);
    }
  });

  it('falls back to the chapter icon when no keyword matches', async () => {
    for (const icon of ICONS) {
      const svg = productImageSvg({
        name: 'Artigo genérico',
        familyTitle: 'Diversos',
        chapterIcon: icon,
        theme,
        code: '1',
      });
      // Once in the corner badge and once as the large fallback tile.
      expect(svg.split(CHAPTER_ICONS[icon]).length - 1).toBe(2);
      expectStandalone(svg, 800, 800);
      await expect(rasterise(svg)).resolves.toBeInstanceOf(Buffer);
    }
  });

  it('tolerates invalid theme colours', async () => {
    const svg = productImageSvg({
      name: 'Válvula',
      familyTitle: '',
      chapterIcon: 'pipe',
      theme: { from: 'red"/><script>', to: '', accent: '#12' },
      code: '',
    });
    expect(svg).not.toContain('<script');
    expect(await dimensions(svg)).toEqual({ width: 800, height: 800 });
  });
});

describe('familyImageSvg', () => {
  it('renders a 400×400 image chosen from the title', async () => {
    const svg = familyImageSvg({ title: 'Extintores & carretéis', chapterIcon: 'fire', theme });
    expectStandalone(svg, 400, 400);
    expect(await dimensions(svg)).toEqual({ width: 400, height: 400 });
    expect(svg).toContain('Extintores &amp; carretéis');
    expect(familyImageSvg({ title: 'Extintores', chapterIcon: 'fire', theme })).toBe(
      familyImageSvg({ title: 'Extintores', chapterIcon: 'fire', theme }),
    );
  });
});

describe('chapterImageSvg', () => {
  it.each(ICONS)('renders 1200×600 for %s', async (icon) => {
    const svg = chapterImageSvg({ title: `Capítulo <${icon}> & co`, icon, theme });
    expectStandalone(svg, 1200, 600);
    expect(await dimensions(svg)).toEqual({ width: 1200, height: 600 });
  });
});

describe('chapterIconSvg', () => {
  it('renders every icon at the requested size and colour', async () => {
    for (const icon of ICONS) {
      const svg = chapterIconSvg(icon, { size: 48, color: '#ff0000' });
      expect(svg).toContain('stroke="#ff0000"');
      expect(await dimensions(svg)).toEqual({ width: 48, height: 48 });
    }
    expect(await dimensions(chapterIconSvg('bath'))).toEqual({ width: 24, height: 24 });
  });
});

describe('brandLogoSvg', () => {
  it('renders a 240×80 transparent wordmark', async () => {
    const svg = brandLogoSvg({ name: 'Tigre & <Filhos>' });
    expectStandalone(svg, 240, 80);
    expect(svg).toContain('Tigre &amp; &lt;Filhos&gt;');
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.width, meta.height]).toEqual([240, 80]);
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Bottom-right corner pixel is fully transparent.
    expect(data[(info.height * info.width - 1) * info.channels + 3]).toBe(0);
  });

  it('is deterministic and varies by name', () => {
    expect(brandLogoSvg({ name: 'Roca' })).toBe(brandLogoSvg({ name: 'Roca' }));
    expect(brandLogoSvg({ name: 'Roca' })).not.toBe(brandLogoSvg({ name: 'Grohe' }));
  });

  it('handles long and empty names', async () => {
    for (const name of [
      'Zehnder Group Ibérica Aquecimento e Climatização',
      'Supercalifragilisticexpialidocious',
      '',
      '&',
    ]) {
      expect(await dimensions(brandLogoSvg({ name }))).toEqual({ width: 240, height: 80 });
    }
  });
});

describe('campaignImageSvg', () => {
  it('renders a 1600×900 banner with a wrapped, escaped title', async () => {
    const svg = campaignImageSvg({
      title: 'Novidades & <ofertas> exclusivas para profissionais da canalização em todo o país',
      category: 'Profissionais & Co',
      theme: '#1e293b',
    });
    expectStandalone(svg, 1600, 900);
    expect(await dimensions(svg)).toEqual({ width: 1600, height: 900 });
    expect(svg).toContain('&amp; &lt;ofertas&gt;');
    expect(svg).toContain('PROFISSIONAIS &amp; CO');
    expect((svg.match(/<tspan /g) ?? []).length).toBeLessThanOrEqual(3);
    expect(svg).toContain('…');
  });

  it('is deterministic and adapts to the theme', async () => {
    const a = campaignImageSvg({
      title: 'Esquentadores -20%',
      category: 'Aquecimento',
      theme: '#ea580c',
    });
    expect(a).toBe(
      campaignImageSvg({ title: 'Esquentadores -20%', category: 'Aquecimento', theme: '#ea580c' }),
    );
    expect(a).not.toBe(
      campaignImageSvg({ title: 'Esquentadores -20%', category: 'Aquecimento', theme: '#0ea5e9' }),
    );
    expect(await dimensions(campaignImageSvg({ title: '', category: '', theme: 'nope' }))).toEqual({
      width: 1600,
      height: 900,
    });
  });
});

describe('placeholderImageSvg', () => {
  it('renders the neutral 800×800 placeholder', async () => {
    const svg = placeholderImageSvg();
    expectStandalone(svg, 800, 800);
    expect(svg).toContain('Imagem não disponível');
    expect(await dimensions(svg)).toEqual({ width: 800, height: 800 });
    expect(placeholderImageSvg()).toBe(svg);
  });
});

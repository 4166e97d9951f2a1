/**
 * The words of the catalogue, for typo correction and completion of a word being typed.
 * Pure: the server builds it from the database (see `server/search/vocabulary.ts`).
 */

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), or `max + 1`
 * as soon as the distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] ?? max + 1;
}

/** How many typos a word of this length may carry: one from 5 letters, two from 9. */
export function allowedTypos(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * A rough Portuguese phonetic key of a folded word, so that spellings that sound alike meet:
 * `duxe`/`duche`, `vizita`/`visita`, `submercivel`/`submersivel`, `asessorio`/`acessorio`.
 */
export function phoneticKey(folded: string): string {
  return folded
    .replace(/ph/g, 'f')
    .replace(/[cs]h/g, 'x')
    .replace(/lh/g, 'li')
    .replace(/nh/g, 'ni')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/gu(?=[ei])/g, 'g')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/c(?=[ei])/g, 's')
    .replace(/c/g, 'k')
    .replace(/q/g, 'k')
    .replace(/(?<=[aeiou])z(?=[aeiou])/g, 's')
    .replace(/z$/g, 's')
    .replace(/y/g, 'i')
    .replace(/w/g, 'u')
    .replace(/^h/, '')
    .replace(/(?<![lnsc])h/g, '')
    .replace(/([a-z])\1+/g, '$1');
}

export class Vocabulary {
  private readonly freq: Map<string, number>;
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();
  private readonly byPhonetic = new Map<string, string[]>();

  /** `entries`: folded word → number of products whose name, family or brand contains it. */
  constructor(entries: Iterable<readonly [string, number]>) {
    this.freq = new Map(entries);
    this.sorted = [...this.freq.keys()].sort();
    for (const w of this.sorted) {
      if (!/^[a-z]+$/.test(w)) continue;
      const list = this.byLength.get(w.length) ?? [];
      list.push(w);
      this.byLength.set(w.length, list);
      if (w.length >= 4) {
        const key = phoneticKey(w);
        const same = this.byPhonetic.get(key) ?? [];
        same.push(w);
        this.byPhonetic.set(key, same);
      }
    }
  }

  get size(): number {
    return this.freq.size;
  }

  has(word: string): boolean {
    return this.freq.has(word);
  }

  frequency(word: string): number {
    return this.freq.get(word) ?? 0;
  }

  /** Known words starting with `prefix` (other than the prefix itself), most frequent first. */
  withPrefix(prefix: string, limit = 8): string[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sorted[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.sorted.length; i++) {
      const w = this.sorted[i] ?? '';
      if (!w.startsWith(prefix)) break;
      if (w !== prefix && /^[a-z]/.test(w)) out.push(w);
    }
    return out.sort((a, b) => this.frequency(b) - this.frequency(a) || a.length - b.length || (a < b ? -1 : 1)).slice(0, limit);
  }

  /**
   * Known words that sound like `word`, or else within the allowed number of typos of it
   * (alphabetic words only), the closest first, then the most frequent. Empty when the word is
   * known or too short.
   */
  corrections(word: string, limit = 4): string[] {
    if (this.has(word) || !/^[a-z]+$/.test(word)) return [];
    // Spelled as it sounds (any length from 4 letters): `duxe` → `duche`.
    const alike = word.length >= 4 ? (this.byPhonetic.get(phoneticKey(word)) ?? []) : [];
    if (alike.length > 0) {
      return [...alike].sort((a, b) => this.frequency(b) - this.frequency(a) || (a < b ? -1 : 1)).slice(0, limit);
    }
    const max = allowedTypos(word.length);
    if (max === 0) return [];
    const found: { w: string; d: number }[] = [];
    for (let len = word.length - max; len <= word.length + max; len++) {
      for (const w of this.byLength.get(len) ?? []) {
        // Typos rarely hit the first letter; skipping those keeps corrections plausible.
        if (w[0] !== word[0] && !(w[1] === word[0] && w[0] === word[1])) continue;
        const d = editDistance(word, w, max);
        if (d <= max) found.push({ w, d });
      }
    }
    if (found.length === 0) return [];
    const best = Math.min(...found.map((f) => f.d));
    return found
      .filter((f) => f.d === best)
      .sort((a, b) => this.frequency(b.w) - this.frequency(a.w) || (a.w < b.w ? -1 : 1))
      .slice(0, limit)
      .map((f) => f.w);
  }
}

/**
 * Reads a PDF's objects straight from its bytes, for what PDFium draws past without a word (render-pdfium.mjs
 * `damage`): a page's content streams that cannot be decoded, and knockout transparency groups, which PDFium draws as
 * ordinary groups. PDFium's API has neither a page's raw content nor a form's group dictionary, and it draws what it
 * can of a broken stream silently.
 *
 * Small on purpose: objects are found by scanning the file for `N G obj` (the last of a number wins, as an incremental
 * update's does) and inside object streams, so a file whose cross-reference table is broken reads the same; only the
 * dictionaries and arrays it needs are parsed; strings are skipped. Plain JavaScript, as the page worker that uses it.
 */
import zlib from 'node:zlib';

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITER = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const CHUNK = 4 << 20;

/** A reference to object `num`. */
class Ref {
  constructor(num) {
    this.num = num;
  }
}

/** A PDF name (`/Type` is the Name 'Type'). */
class Name {
  constructor(name) {
    this.name = name;
  }
}

const isName = (value, name) => value instanceof Name && value.name === name;

/** Parses one value from `bytes` at `pos`; answers [value, next position]. */
function parse(bytes, start) {
  let pos = start;
  const skip = () => {
    for (;;) {
      while (pos < bytes.length && WHITESPACE.has(bytes[pos])) pos += 1;
      if (bytes[pos] !== 0x25) return;
      while (pos < bytes.length && bytes[pos] !== 0x0a && bytes[pos] !== 0x0d) pos += 1;
    }
  };
  const word = () => {
    const from = pos;
    while (pos < bytes.length && !WHITESPACE.has(bytes[pos]) && !DELIMITER.has(bytes[pos])) pos += 1;
    return Buffer.from(bytes.buffer, bytes.byteOffset + from, pos - from).toString('latin1');
  };
  const value = (depth) => {
    if (depth > 64) throw new Error('nested too deeply');
    skip();
    const byte = bytes[pos];
    if (byte === undefined) throw new Error('end of data');
    if (byte === 0x3c && bytes[pos + 1] === 0x3c) {
      pos += 2;
      const dict = new Map();
      for (;;) {
        skip();
        if (bytes[pos] === 0x3e && bytes[pos + 1] === 0x3e) {
          pos += 2;
          return dict;
        }
        const key = value(depth + 1);
        if (!(key instanceof Name)) throw new Error('a dictionary key is not a name');
        dict.set(key.name, value(depth + 1));
      }
    }
    if (byte === 0x5b) {
      pos += 1;
      const array = [];
      for (;;) {
        skip();
        if (bytes[pos] === 0x5d) {
          pos += 1;
          return array;
        }
        array.push(value(depth + 1));
      }
    }
    if (byte === 0x2f) {
      pos += 1;
      return new Name(word());
    }
    if (byte === 0x28) {
      // A literal string, balanced parentheses and escapes: its text is not needed.
      let open = 0;
      for (; pos < bytes.length; pos += 1) {
        if (bytes[pos] === 0x5c) pos += 1;
        else if (bytes[pos] === 0x28) open += 1;
        else if (bytes[pos] === 0x29 && --open === 0) break;
      }
      pos += 1;
      return '';
    }
    if (byte === 0x3c) {
      pos = bytes.indexOf(0x3e, pos) + 1 || bytes.length;
      return '';
    }
    const token = word();
    if (!token) {
      pos += 1;
      return null;
    }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) {
      // `N G R`: a reference, when two whole numbers and an R follow.
      if (/^\d+$/.test(token)) {
        const back = pos;
        skip();
        const generation = word();
        skip();
        if (/^\d+$/.test(generation) && bytes[pos] === 0x52 && (pos + 1 >= bytes.length || WHITESPACE.has(bytes[pos + 1]) || DELIMITER.has(bytes[pos + 1]))) {
          pos += 1;
          return new Ref(Number(token));
        }
        pos = back;
      }
      return Number(token);
    }
    if (token === 'true') return true;
    if (token === 'false') return false;
    return null;
  };
  const result = value(0);
  return [result, pos];
}

export class RawPdf {
  /** @param {() => Uint8Array} bytes the whole file (a function: a view into PDFium's heap must be taken afresh) */
  constructor(bytes) {
    this.bytes = bytes;
    /** @type {Map<number, number> | null} offset of each object's `N G obj` */
    this.offsets = null;
    /** Objects holding object streams (`/Type /ObjStm`). */
    this.containers = [];
    /** @type {Map<number, { data: Uint8Array, at: number }> | null} objects inside object streams */
    this.packed = null;
    this.cache = new Map();
  }

  /** Finds every `N G obj` in the file, a chunk at a time (no copy of a large file as one string). */
  scan() {
    if (this.offsets) return;
    this.offsets = new Map();
    const bytes = this.bytes();
    const pattern = /(\d+)\s+\d+\s+obj\b/g;
    const container = /\/Type\s*\/ObjStm\b/g;
    let last = -1;
    for (let start = 0; start < bytes.length; start += CHUNK) {
      // Overlapping by 64 bytes, so a header across the boundary is read whole (and twice, to the same effect).
      const end = Math.min(bytes.length, start + CHUNK + 64);
      const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
      const found = [];
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
        const at = start + match.index;
        if (at > last && (match.index === 0 || !/\d/.test(text[match.index - 1]))) {
          this.offsets.set(Number(match[1]), at);
          found.push([at, Number(match[1])]);
          last = at;
        }
      }
      for (let match = container.exec(text); match; match = container.exec(text)) {
        const at = start + match.index;
        const owner = found.filter(([offset]) => offset < at).pop();
        if (owner && !this.containers.includes(owner[1])) this.containers.push(owner[1]);
      }
      pattern.lastIndex = 0;
      container.lastIndex = 0;
    }
  }

  /** Object `num`: its value, and for a stream its dictionary and the bounds of its data in the file. */
  object(num) {
    if (this.cache.has(num)) return this.cache.get(num);
    this.cache.set(num, null);
    this.scan();
    let found = null;
    const offset = this.offsets.get(num);
    if (offset !== undefined) found = this.objectAt(offset);
    else found = this.packedObject(num);
    this.cache.set(num, found);
    return found;
  }

  objectAt(offset) {
    const bytes = this.bytes();
    try {
      const header = /^(\d+)\s+\d+\s+obj/.exec(Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.min(40, bytes.length - offset)).toString('latin1'));
      if (!header) return null;
      const [value, after] = parse(bytes, offset + header[0].length);
      // The `stream` keyword after any run of white space, and the end of line after it (part of neither the dictionary nor the data).
      const tail = Buffer.from(bytes.buffer, bytes.byteOffset + after, Math.min(1024, bytes.length - after)).toString('latin1');
      const stream = /^\s*stream(\r\n|\n|\r)?/.exec(tail);
      if (!stream || !(value instanceof Map)) return { value };
      const dataStart = after + stream[0].length;
      let length = this.resolve(value.get('Length'));
      const ends = (at) => /^\s*endstream/.test(Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(20, Math.max(0, bytes.length - at))).toString('latin1'));
      if (typeof length !== 'number' || length < 0 || dataStart + length > bytes.length || !ends(dataStart + length)) {
        // A wrong /Length: up to the `endstream` that follows.
        let end = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('endstream', dataStart, 'latin1');
        if (end < 0) end = bytes.length;
        // The end of line before `endstream` is not the data's.
        if (bytes[end - 1] === 0x0a) end -= 1;
        if (bytes[end - 1] === 0x0d) end -= 1;
        length = Math.max(0, end - dataStart);
      }
      return { value, stream: { dict: value, start: dataStart, end: dataStart + length } };
    } catch {
      return null;
    }
  }

  packedObject(num) {
    if (!this.packed) {
      this.packed = new Map();
      for (const container of this.containers) {
        const found = this.object(container);
        const data = found?.stream && this.decoded(found.stream);
        if (!data?.ok) continue;
        const first = found.stream.dict.get('First');
        const count = found.stream.dict.get('N');
        if (typeof first !== 'number' || typeof count !== 'number') continue;
        const numbers = Buffer.from(data.data.buffer, data.data.byteOffset, Math.min(first, data.data.length)).toString('latin1').trim().split(/\s+/).map(Number);
        for (let i = 0; i + 1 < numbers.length && i / 2 < count; i += 2) if (!this.packed.has(numbers[i])) this.packed.set(numbers[i], { data: data.data, at: first + numbers[i + 1] });
      }
    }
    const entry = this.packed.get(num);
    if (!entry) return null;
    try {
      return { value: parse(entry.data, entry.at)[0] };
    } catch {
      return null;
    }
  }

  /** A value with references followed (to a depth of 8), or undefined. */
  resolve(value, depth = 0) {
    if (value instanceof Ref) return depth > 8 ? undefined : this.resolve(this.object(value.num)?.value, depth + 1);
    return value;
  }

  /**
   * A stream's data decoded: `ok` with the bytes; `ok: false` with the reason when a filter cannot decode it;
   * `unknown` when it uses a filter this reader does not decode (PDFium may; nothing is said of it).
   */
  decoded(stream) {
    const bytes = this.bytes();
    const raw = bytes.subarray(stream.start, stream.end);
    const filter = this.resolve(stream.dict.get('Filter'));
    const filters = (Array.isArray(filter) ? filter : filter ? [filter] : []).map((f) => this.resolve(f));
    if (!filters.length) return { ok: true, data: raw };
    if (filters.length !== 1 || !(isName(filters[0], 'FlateDecode') || isName(filters[0], 'Fl'))) return { ok: true, unknown: true, data: raw };
    try {
      return { ok: true, data: zlib.inflateSync(raw) };
    } catch (error) {
      // A wrong checksum after the whole stream decoded: PDFium reads it whole.
      if (/incorrect data check/.test(error.message)) return { ok: true, data: zlib.inflateSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
      return { ok: false, cutShort: /unexpected end/.test(error.message) };
    }
  }

  /** A page's resources, inherited from the page tree when the page has none of its own. */
  resources(page) {
    for (let node = page, depth = 0; node instanceof Map && depth < 32; node = this.resolve(node.get('Parent')), depth += 1) {
      const resources = this.resolve(node.get('Resources'));
      if (resources instanceof Map) return resources;
    }
    return null;
  }

  /**
   * What of page object `num` PDFium will not draw as the file means, in words ('' when nothing is found): content
   * streams that cannot be decoded, and knockout groups among the forms its resources hold (to a depth of 4).
   */
  pageDamage(num) {
    const page = this.resolve(new Ref(num));
    if (!(page instanceof Map)) return [];
    const losses = [];
    const contents = this.resolve(page.get('Contents'));
    const streams = (Array.isArray(contents) ? contents : contents === undefined ? [] : [page.get('Contents')]).filter((ref) => ref instanceof Ref);
    let damaged = 0;
    let cut = 0;
    for (const ref of streams) {
      const found = this.object(ref.num);
      if (!found?.stream) {
        damaged += 1;
        continue;
      }
      const result = this.decoded(found.stream);
      if (!result.ok && result.cutShort) cut += 1;
      else if (!result.ok) damaged += 1;
    }
    const of = (n) => (streams.length > 1 ? `${n} of its ${streams.length} content streams` : 'its content stream');
    if (damaged) losses.push(`${of(damaged)} ${damaged > 1 ? 'are' : 'is'} damaged and could not be read: what ${damaged > 1 ? 'they draw' : 'it draws'} was left out`);
    if (cut) losses.push(`${of(cut)} ${cut > 1 ? 'are' : 'is'} cut short: what ${cut > 1 ? 'they draw' : 'it draws'} after the cut was left out`);
    if (this.hasKnockout(this.resources(page), 0, new Set())) {
      losses.push('a knockout group was drawn as an ordinary group: where its shapes overlap they come out darker than the file means');
    }
    return losses;
  }

  hasKnockout(resources, depth, seen) {
    if (!(resources instanceof Map) || depth > 4) return false;
    const xobjects = this.resolve(resources.get('XObject'));
    if (!(xobjects instanceof Map)) return false;
    for (const entry of xobjects.values()) {
      if (!(entry instanceof Ref) || seen.has(entry.num)) continue;
      seen.add(entry.num);
      const form = this.object(entry.num)?.stream?.dict;
      if (!form || !isName(this.resolve(form.get('Subtype')), 'Form')) continue;
      const group = this.resolve(form.get('Group'));
      if (group instanceof Map && this.resolve(group.get('K')) === true) return true;
      if (this.hasKnockout(this.resolve(form.get('Resources')), depth + 1, seen)) return true;
    }
    return false;
  }
}

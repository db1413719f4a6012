// UTF-8 for the WebAssembly glue, which passes every string through TextDecoder and
// TextEncoder: the platform's where it has them, and these small ones where it has not (jest's
// jsdom environment, older runtimes). The build makes the glue import these names, so that
// they shadow the globals in its module scope only: nothing global is set.

class Utf8Decoder {
  decode(bytes) {
    if (bytes === undefined) return "";
    let out = "";
    let chunk = [];
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i++];
      let code;
      if (b < 0x80) code = b;
      else if (b < 0xe0) code = ((b & 0x1f) << 6) | (bytes[i++] & 0x3f);
      else if (b < 0xf0) code = ((b & 0x0f) << 12) | ((bytes[i++] & 0x3f) << 6) | (bytes[i++] & 0x3f);
      else {
        code =
          ((b & 0x07) << 18) | ((bytes[i++] & 0x3f) << 12) | ((bytes[i++] & 0x3f) << 6) | (bytes[i++] & 0x3f);
        code -= 0x10000;
        chunk.push(0xd800 + (code >> 10));
        code = 0xdc00 + (code & 0x3ff);
      }
      chunk.push(code);
      if (chunk.length >= 4096) {
        out += String.fromCharCode.apply(null, chunk);
        chunk = [];
      }
    }
    return out + String.fromCharCode.apply(null, chunk);
  }
}

class Utf8Encoder {
  // The bytes of `text` into `view` as far as they fit: `{ read, written }` (UTF-16 units
  // read, bytes written), as TextEncoder's encodeInto. Lone surrogates become U+FFFD.
  encodeInto(text, view) {
    let read = 0;
    let written = 0;
    while (read < text.length) {
      let code = text.charCodeAt(read);
      let units = 1;
      if (code >= 0xd800 && code < 0xdc00 && read + 1 < text.length) {
        const low = text.charCodeAt(read + 1);
        if (low >= 0xdc00 && low < 0xe000) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          units = 2;
        }
      }
      if (code >= 0xd800 && code < 0xe000) code = 0xfffd;
      const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (written + size > view.length) break;
      if (size === 1) view[written++] = code;
      else if (size === 2) {
        view[written++] = 0xc0 | (code >> 6);
        view[written++] = 0x80 | (code & 0x3f);
      } else if (size === 3) {
        view[written++] = 0xe0 | (code >> 12);
        view[written++] = 0x80 | ((code >> 6) & 0x3f);
        view[written++] = 0x80 | (code & 0x3f);
      } else {
        view[written++] = 0xf0 | (code >> 18);
        view[written++] = 0x80 | ((code >> 12) & 0x3f);
        view[written++] = 0x80 | ((code >> 6) & 0x3f);
        view[written++] = 0x80 | (code & 0x3f);
      }
      read += units;
    }
    return { read, written };
  }

  encode(text) {
    const view = new Uint8Array(text.length * 3);
    return view.slice(0, this.encodeInto(text, view).written);
  }
}

const platform = globalThis;
export const TextDecoder =
  typeof platform.TextDecoder === "function"
    ? platform.TextDecoder
    : function () {
        return new Utf8Decoder();
      };
export const TextEncoder =
  typeof platform.TextEncoder === "function"
    ? platform.TextEncoder
    : function () {
        return new Utf8Encoder();
      };
export { Utf8Decoder, Utf8Encoder };

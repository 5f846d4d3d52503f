/** The part of ico-endec (no types of its own) that scripts/sample-art.ts uses. */
declare module "ico-endec" {
  /** An ICO file holding the given PNG (or BMP) images. */
  export function encode(images: (Buffer | ArrayBuffer)[]): Buffer;
  const icoEndec: { encode: typeof encode };
  export default icoEndec;
}

import { constants as zlibConstants, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';
import { AppError } from '../../plugins/errors';

/**
 * Résumé PDFs are rewritten without active content (decision 240): parsed by pdf-lib, every object walked
 * (object streams included), every action other than an in-document GoTo, every additional action, script,
 * attached or embedded file, XFA form and rich media removed, unreachable objects dropped, and the file saved
 * anew. The rewritten file is parsed and walked again; anything left is refused, and so is a file the parser
 * cannot read completely.
 */

const unreadable = () =>
  new AppError(
    415,
    'RESUME_PDF_UNREADABLE',
    'This PDF cannot be read: it is damaged, incomplete or password-protected',
  );
const unsafe = () =>
  new AppError(415, 'RESUME_PDF_UNSAFE', 'PDFs with scripts, actions or attached files are not accepted');
const tooComplex = () => new AppError(415, 'RESUME_PDF_UNSAFE', 'The PDF is too complex to check');

/** Bytes of decoded object and cross-reference streams per PDF at most (a compression bomb stops there). */
const maxDecodedBytes = 20 * 1024 * 1024;

const name = (value: string) => PDFName.of(value);
const Type = name('Type');
const S = name('S');
const A = name('A');
const Next = name('Next');
const Annots = name('Annots');
const Subtype = name('Subtype');
const GoTo = name('GoTo');
const ObjStm = name('ObjStm');
const XRef = name('XRef');

/** Keys that carry actions, scripts, attachments, XFA or rich media wherever they appear. */
const removedKeys = [
  'OpenAction', // document action on open (URI, GoToR to a UNC share, ImportData, JavaScript…)
  'AA', // additional actions of the document, pages, annotations and fields (SubmitForm on close…)
  'JS',
  'JavaScript', // the document's JavaScript name tree
  'EmbeddedFiles',
  'EF', // a file specification's embedded file streams
  'RF',
  'AF', // PDF 2.0 associated files
  'Collection', // portable collections ("PDF portfolios") show attachments
  'XFA',
  'NeedsRendering',
  'RichMediaContent',
  'RichMediaSettings',
  'Renditions',
  'AlternatePresentations',
].map(name);

/** Action types (ISO 32000-2 §12.6.4); only GoTo, a jump inside the document, is kept. */
const actionTypes = new Set(
  [
    'GoTo',
    'GoToR',
    'GoToE',
    'GoToDp',
    'Launch',
    'Thread',
    'URI',
    'Sound',
    'Movie',
    'Hide',
    'Named',
    'SubmitForm',
    'ResetForm',
    'ImportData',
    'JavaScript',
    'SetOCGState',
    'Rendition',
    'Trans',
    'GoTo3DView',
    'RichMediaExecute',
  ].map(name),
);

/** Annotations that play or hold content rather than mark the page: removed from every page. */
const removedAnnotationTypes = new Set(
  ['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D'].map(name),
);

/** A dictionary's name entry, read through a reference as a viewer would. */
function nameOf(dict: PDFDict, key: PDFName): PDFName | undefined {
  const value = dict.lookup(key);
  return value instanceof PDFName ? value : undefined;
}

/**
 * Whatever its /Type says (viewers do not check it), except a structure element, whose /S is a role that may take
 * any name.
 */
function isAction(dict: PDFDict): boolean {
  const kind = nameOf(dict, S);
  return kind !== undefined && actionTypes.has(kind) && nameOf(dict, Type) !== name('StructElem');
}

function isRemovedAnnotation(object: PDFObject | undefined): boolean {
  if (!(object instanceof PDFDict)) return false;
  const subtype = nameOf(object, Subtype);
  return subtype !== undefined && removedAnnotationTypes.has(subtype);
}

/** The dictionaries of one object, nested ones included (references are walked as their own objects). */
function* dictionariesIn(object: PDFObject): Generator<PDFDict> {
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFDict) {
    yield dict;
    for (const value of dict.values()) yield* dictionariesIn(value);
  } else if (dict instanceof PDFArray) {
    for (const value of dict.asArray()) yield* dictionariesIn(value);
  }
}

/** What active content a parsed PDF still holds; empty when none. */
export function findActiveContent(context: PDFContext): string[] {
  const found: string[] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) {
      const type = object.dict.get(Type);
      if (type === ObjStm || type === XRef) found.push(`${ref} is an object stream that was not read`);
      if (type === name('EmbeddedFile')) found.push(`${ref} is an embedded file`);
    }
    for (const dict of dictionariesIn(object)) {
      for (const key of removedKeys) if (dict.has(key)) found.push(`${ref} has ${key}`);
      if (isAction(dict) && nameOf(dict, S) !== GoTo)
        found.push(`${ref} holds a ${String(nameOf(dict, S))} action`);
      if (isAction(dict) && dict.has(Next)) found.push(`${ref} chains actions`);
      if (isRemovedAnnotation(dict) && (nameOf(dict, Type) === name('Annot') || dict.has(name('Rect'))))
        found.push(`${ref} is a ${String(nameOf(dict, Subtype))} annotation`);
    }
  }
  return found;
}

function removeActiveContent(context: PDFContext): void {
  for (const [, object] of context.enumerateIndirectObjects()) {
    for (const dict of dictionariesIn(object)) {
      for (const key of removedKeys) dict.delete(key);
      // An /A holding a dictionary with /S is an action (a structure element's /A holds attributes, without /S).
      const action = dict.lookup(A);
      if (action instanceof PDFDict && action.has(S)) {
        if (nameOf(action, S) === GoTo) action.delete(Next);
        else dict.delete(A);
      }
      if (isAction(dict) && nameOf(dict, S) === GoTo) dict.delete(Next);
      const annotations = context.lookup(dict.get(Annots));
      if (annotations instanceof PDFArray)
        for (let index = annotations.size() - 1; index >= 0; index -= 1)
          if (isRemovedAnnotation(annotations.lookup(index))) annotations.remove(index);
    }
  }
}

/** Deletes every object the trailer cannot reach (pdf-lib's `save()` writes every object it holds). */
function dropUnreachable(context: PDFContext): void {
  const reachable = new Set<PDFRef>();
  const pending: PDFObject[] = [];
  const { Root, Info } = context.trailerInfo;
  if (Root) pending.push(Root);
  if (Info) pending.push(Info);
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFRef) {
      if (reachable.has(object)) continue;
      reachable.add(object);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      pending.push(...object.values());
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref)) context.delete(ref);
}

/** pdf-lib's object parser, telling how many bytes the object it parsed took. */
class MeasuredParser extends PDFObjectParser {
  static over(bytes: Uint8Array, context: PDFContext): MeasuredParser {
    // pdf-lib does not export its ByteStream: borrow the one a plain parser builds.
    return new MeasuredParser(PDFObjectParser.forBytes(bytes, context)['bytes'], context);
  }

  consumed(): number {
    return this.bytes.offset();
  }
}

/**
 * pdf-lib inflates object and cross-reference streams while it parses, with no size limit: decode them here
 * first, stage by stage, within a total budget (zlib stops at it; the other filters never grow more than
 * 128-fold per chunk read). Objects are read one after another as pdf-lib reads them, each from the end of the
 * previous one, so a header inside a stream's data is skipped and the scan stays linear; an object that does not
 * parse is refused here, as pdf-lib (`throwOnInvalidObject`) would refuse it.
 */
function checkDecodedSizes(data: Buffer): void {
  let budget = maxDecodedBytes;
  const text = data.toString('latin1');
  const context = PDFContext.create();
  const header = /(\d+)\s+(\d+)\s+obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    let object: PDFObject;
    try {
      const parser = MeasuredParser.over(data.subarray(start), context);
      object = parser.parseObject();
      header.lastIndex = start + parser.consumed();
    } catch {
      throw unreadable();
    }
    if (!(object instanceof PDFRawStream)) continue;
    const type = object.dict.get(Type);
    if (type !== ObjStm && type !== XRef) continue;
    const filters = object.dict.get(name('Filter'));
    const params = object.dict.get(name('DecodeParms'));
    const chain = filters instanceof PDFArray ? filters.asArray() : filters ? [filters] : [];
    let bytes: Uint8Array = object.contents;
    chain.forEach((filter, index) => {
      if (!(filter instanceof PDFName)) throw unreadable();
      if (filter === name('FlateDecode')) {
        try {
          bytes = inflateSync(bytes, { maxOutputLength: budget, finishFlush: zlibConstants.Z_SYNC_FLUSH });
        } catch (error) {
          throw (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
            ? tooComplex()
            : unreadable();
        }
        return;
      }
      const stageParams = params instanceof PDFArray ? params.get(index) : params;
      const stage = PDFRawStream.of(
        context.obj({ Filter: filter, ...(stageParams ? { DecodeParms: stageParams } : {}) }),
        bytes,
      );
      let decoder;
      try {
        decoder = decodePDFRawStream(stage);
      } catch {
        throw unreadable();
      }
      const chunks: Uint8Array[] = [];
      let total = 0;
      for (let chunk = decoder.getBytes(64 * 1024); chunk.length > 0; chunk = decoder.getBytes(64 * 1024)) {
        total += chunk.length;
        if (total > budget) throw tooComplex();
        chunks.push(Uint8Array.from(chunk));
      }
      bytes = Buffer.concat(chunks);
    });
    budget -= bytes.length;
    if (budget < 0) throw tooComplex();
  }
}

/**
 * The file must end as a complete PDF does (pdf-lib reads truncated files without complaint): `startxref` with
 * an offset inside the file that points at a cross-reference table or stream, then `%%EOF`.
 */
function checkEnding(data: Buffer): void {
  const tail = data.subarray(Math.max(0, data.length - 1024)).toString('latin1');
  const ending = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].at(-1);
  if (!ending) throw unreadable();
  const offset = Number(ending[1]);
  if (offset >= data.length) throw unreadable();
  const target = data.subarray(offset, offset + 64).toString('latin1');
  if (!/^\s*(xref\b|\d+\s+\d+\s+obj\b)/.test(target)) throw unreadable();
}

async function parse(data: Buffer): Promise<PDFDocument> {
  checkEnding(data);
  checkDecodedSizes(data);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(data, { throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    throw unreadable(); // invalid objects, unsupported filters, encryption
  }
  const { context } = document;
  try {
    const catalog = context.lookup(context.trailerInfo.Root);
    if (!(catalog instanceof PDFDict) || catalog.get(Type) !== name('Catalog')) throw unreadable();
    const pages = document.getPages();
    if (pages.length === 0) throw unreadable();
    for (const page of pages) {
      const contents = page.node.get(name('Contents'));
      const parts = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
      for (const part of parts)
        if (!(part instanceof PDFRef) || !(context.lookup(part) instanceof PDFStream)) throw unreadable();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(); // a page tree pdf-lib cannot walk
  }
  return document;
}

/** The résumé PDF to store: `data` rewritten without active content; refused when it cannot be read. */
export async function rewriteResumePdf(data: Buffer): Promise<Buffer> {
  try {
    const document = await parse(data);
    removeActiveContent(document.context);
    dropUnreachable(document.context);
    const rewritten = Buffer.from(
      await document.save({ addDefaultPage: false, updateFieldAppearances: false }),
    );
    const check = await parse(rewritten);
    if (findActiveContent(check.context).length > 0) throw unsafe();
    return rewritten;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(); // e.g. nesting deep enough to exhaust the stack while walking
  }
}

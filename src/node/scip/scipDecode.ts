// Decodes an index.scip (SCIP's protobuf Index) with protobufjs and the published schema
// (scipSchema.ts, generated from scip.proto), one document at a time as the schema recommends:
// the Index's fields are walked with protobufjs's Reader, each Document decoded alone, packed into
// a ScipIndex and dropped. The Document and Occurrence types lose the fields references never
// read (hover texts, symbol information, diagnostics), which protobufjs then skips undecoded.
// Shipped apart as dist/scip.js (esbuild.mjs): loaded only when a workspace has an index.scip.
import { Reader, Root, type Type } from 'protobufjs/light';
import { ScipIndex, type PositionEncoding } from './scipIndex';
import { SCIP_SCHEMA } from './scipSchema';

/** Index.documents' field number and the wire type of a length-delimited field (scip.proto). */
const DOCUMENTS_FIELD = 2;
const LENGTH_DELIMITED = 2;

interface DecodedDocument {
  relativePath: string;
  positionEncoding: number;
  occurrences: { range: number[]; symbol: string; symbolRoles: number }[];
}

function isDocument(message: object): message is DecodedDocument {
  return (
    'relativePath' in message &&
    typeof message.relativePath === 'string' &&
    message.relativePath !== '' &&
    'occurrences' in message &&
    Array.isArray(message.occurrences)
  );
}

function without(type: Type, fields: readonly string[]): void {
  for (const name of fields) type.remove(type.fields[name]!);
}

let documentType: Type | undefined;

/** scip.Document with only the fields references read. */
function leanDocument(): Type {
  if (documentType) return documentType;
  const root = Root.fromJSON(SCIP_SCHEMA);
  without(root.lookupType('scip.Document'), ['language', 'symbols', 'text']);
  without(root.lookupType('scip.Occurrence'), ['overrideDocumentation', 'syntaxKind', 'diagnostics', 'enclosingRange']);
  documentType = root.lookupType('scip.Document');
  return documentType;
}

/** The index in these bytes; throws (protobufjs's error) when they are not a SCIP index. */
export function decodeScip(bytes: Uint8Array): ScipIndex {
  const Document = leanDocument();
  const index = new ScipIndex();
  const reader = Reader.create(bytes);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === DOCUMENTS_FIELD && (tag & 7) === LENGTH_DELIMITED) {
      const document: object = Document.decode(reader, reader.uint32());
      if (!isDocument(document)) throw new Error('a document without a path');
      index.add(document.relativePath, document.positionEncoding as PositionEncoding, document.occurrences);
    } else reader.skipType(tag & 7);
  }
  return index;
}

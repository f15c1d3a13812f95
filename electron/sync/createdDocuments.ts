/**
 * The documents of a created shipment as the service answered them (base64 in the answer) turned
 * into what the store keeps: the bytes of each, labels numbered by package. Used for a create the
 * outbox sent and for one found on the service after its answer was lost.
 */
import { decodeBase64Strict } from '../base/base64';
import type { ShipmentCreateResult } from '../service/contract';
import type { DocumentInput } from '../store';

/** Each document's bytes; a damaged document is left out (printing then reports the missing label). */
export function documentsOfCreated(created: ShipmentCreateResult): DocumentInput[] {
  const all = created.documents ?? [];
  return all.flatMap((doc, index) => {
    try {
      const labels = all.slice(0, index).filter((d) => d.documentType === 'Label').length;
      return [{ type: doc.documentType, name: doc.documentName ?? `${doc.documentType}-${index + 1}.pdf`, mime: doc.documentMimeType ?? 'application/pdf', packageIndex: doc.documentType === 'Label' ? labels : null, bytes: decodeBase64Strict(doc.documentContent, `${doc.documentType} ${doc.documentName ?? index + 1}`) }];
    } catch {
      return [];
    }
  });
}

/** The answer as the shipment's record keeps it: its documents' contents are kept as documents, not twice. */
export function withoutDocumentContents(created: ShipmentCreateResult): ShipmentCreateResult {
  return { ...created, documents: (created.documents ?? []).map(({ documentContent: _c, ...meta }) => ({ ...meta, documentContent: '' })) };
}

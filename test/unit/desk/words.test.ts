/**
 * What a packer reads: every field named as the screen labels it, and the cause in plain words,
 * from the messages the service and the station really send (taken from a sandbox answer and the
 * station's print messages).
 */
import { describe, expect, it } from 'vitest';
import type { PrintProblem } from '../../../electron/api';
import { fieldLabel, plainWords } from '../../../renderer/src/lib/fieldWords';
import { connectionReasonWords, documentWords, printProblemSubject, rolePrinterWords } from '../../../renderer/src/lib/format';

describe('field paths in the words of the screen', () => {
  it('names each field of the Ship form by its label', () => {
    expect(fieldLabel('shipTo.zipPostalCode')).toBe('ZIP or postal code');
    expect(fieldLabel('shipment.shipTo.stateProvince')).toBe('State or province');
    expect(fieldLabel('address.city')).toBe('City');
    expect(fieldLabel('shipFrom.zipPostalCode')).toBe('ZIP or postal code of the ship-from location');
    expect(fieldLabel('packages[0].weight')).toBe('Weight of package 1');
    expect(fieldLabel('request.packages[2].declaredValue')).toBe('Declared value of package 3');
    expect(fieldLabel('packages[1]')).toBe('Package 2');
    expect(fieldLabel('internationalDetail.commodities[0].countryOfOrigin')).toBe('Made in (country) of commodity 1');
    expect(fieldLabel('internationalDetail.totalCustomValue')).toBe('Total customs value');
    expect(fieldLabel('shipmentInfo.carrier')).toBe('Carrier');
    expect(fieldLabel('references.orderNumber')).toBe('Order number');
    expect(fieldLabel('references.stationRef')).toBe('Station reference');
    expect(fieldLabel('references.warehouseBin')).toBe('Reference warehouse bin');
    expect(fieldLabel('somethingElse.entirely')).toBeUndefined();
  });

  it("turns the service's messages into the screen's words", () => {
    expect(plainWords("packages[0].weight 9999 LB exceeds every parcel service's limit; ship it as a pallet with a freightClass")).toBe(
      "Weight of package 1: 9999 LB exceeds every parcel service's limit; ship it as a pallet with a freight class",
    );
    expect(plainWords('shipTo.zipPostalCode 00000 is not a US ZIP code')).toBe('ZIP or postal code: 00000 is not a US ZIP code');
    expect(plainWords('shipTo.city is required')).toBe('City is required');
    expect(plainWords('shipment.packages[1].length must be at most 1000')).toBe('Length of package 2 must be at most 1000');
    expect(
      plainWords(
        "shipmentInfo.carrier 'UPS' has no service for this shipment: packages[0].weight 9999 LB is over the 150 LB limit of UPS Ground; UPS Standard ships only within Canada",
      ),
    ).toBe("Carrier: 'UPS' has no service for this shipment: the weight of package 1 (9999 LB) is over the 150 LB limit of UPS Ground; UPS Standard ships only within Canada");
    expect(plainWords('CommercialInvoice (document 18) is damaged and cannot be read')).toBe('commercial invoice (document 18) is damaged and cannot be read');
  });

  it('leaves alone what names no field: words, numbers, addresses, other dotted names', () => {
    for (const message of ['ZIP 10001 is in NEW YORK, NY, not CO', 'the print service (CUPS) is not running on this computer (nothing answers at 127.0.0.1:631)', 'signed in to https://ship.example.com and read locations', 'version 1.2.3 is required'])
      expect(plainWords(message)).toBe(message);
  });
});

describe('documents, printers and the connection in words', () => {
  const problem = (documentType: string | null, packageIndex: number | null, orderNumber: string | null): PrintProblem =>
    ({ job: { stationRef: 'PB-DESK1-01ABC' }, documentType, packageIndex, trackingNumber: '1Z999', orderNumber }) as unknown as PrintProblem;

  it('says which document of which order did not print', () => {
    expect(printProblemSubject(problem('CommercialInvoice', null, '#1003'))).toBe('Commercial invoice of order #1003');
    expect(printProblemSubject(problem('Label', 1, 'SO-1001'))).toBe('Label for package 2 of order SO-1001');
    expect(printProblemSubject(problem('Label', null, null))).toBe('Label of shipment 1Z999');
    expect(documentWords('PackingList')).toBe('Packing list');
  });

  it('names the label printer the same way in the header and on the Printers screen', () => {
    expect(rolePrinterWords({ printer: 'label4x6', chosen: true, problem: null })).toBe('label4x6');
    expect(rolePrinterWords({ printer: 'office', chosen: false, problem: null })).toBe('System default (office)');
    expect(rolePrinterWords({ printer: null, chosen: false, problem: { kind: 'noDefault', message: '' } })).toBe('System default (none)');
  });

  it("says why the desk is online or offline in words, not the station's log line", () => {
    expect(connectionReasonWords('getLocations answered 200')).toBe('the service answers');
    expect(connectionReasonWords('getLocations answered 503')).toBe('the service failed (error 503)');
    expect(connectionReasonWords('getLocations: connection failed')).toBe('the service could not be reached');
    expect(connectionReasonWords('createShipment: no answer in time')).toBe('the service did not answer in time');
    expect(connectionReasonWords('the service could not be reached')).toBe('the service could not be reached');
  });
});

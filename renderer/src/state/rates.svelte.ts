/**
 * Every carrier's services for the shipment on the form, in one list: sorted by price or by
 * transit days, the preferred carrier's first among equals, the cheapest and the fastest marked,
 * one chosen. "Apply rule" asks the business rules which service this shipment should take and
 * chooses it.
 */
import type { ApiError, MethodInput, ServiceRule, StationResults } from '../../../electron/api';
import { plainWords } from '../lib/fieldWords';
import { chooseRate } from '../lib/serviceRules';
import type { StationClient } from '../lib/station';

type ApplyRuleResponse = StationResults['previewRules'];

type RateShopAnswer = StationResults['rateShop'];
type CarrierRates = RateShopAnswer['responses'][number];
type RateRecord = CarrierRates['rates'][number];

export interface Rate {
  /** Stable within one answer: carrier and service. */
  readonly id: string;
  readonly carrierName: string;
  readonly carrierDisplayName: string;
  readonly serviceName: string;
  readonly serviceDisplayName: string;
  readonly shipMethod: string;
  /** What the desk pays: the discounted freight where the service gives one. */
  readonly price: number;
  readonly currency: string;
  readonly transitDays: number | undefined;
  readonly estimatedDelivery: string | undefined;
}

export type RateSort = 'price' | 'transit';

function transitOf(text: string | undefined): number | undefined {
  const days = Number.parseInt(text ?? '', 10);
  return Number.isFinite(days) ? days : undefined;
}

function flatten(answer: RateShopAnswer): Rate[] {
  return answer.responses.flatMap((carrier: CarrierRates) =>
    carrier.rates.map((rate: RateRecord) => ({
      id: `${carrier.carrierName}:${rate.serviceName}`,
      carrierName: carrier.carrierName,
      carrierDisplayName: carrier.carrierDisplayName ?? carrier.carrierName,
      serviceName: rate.serviceName,
      serviceDisplayName: rate.serviceDisplayName ?? rate.serviceName,
      shipMethod: rate.shipMethod ?? rate.serviceName,
      price: rate.discountFrieght ?? rate.freight,
      currency: rate.currencycode ?? 'USD',
      transitDays: transitOf(rate.transitDays),
      estimatedDelivery: rate.estimatedDelivery,
    })),
  );
}

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export class RatesState {
  #rates = $state<readonly Rate[]>([]);
  #sort = $state<RateSort>('price');
  #chosenId = $state<string | undefined>();
  #loading = $state(false);
  #problem = $state<string | undefined>();
  #rule = $state<ApplyRuleResponse | undefined>();
  /** Why the chosen rate is the chosen one, in words. */
  #reason = $state<string | undefined>();
  /** The form as it was when these rates were asked for (ShipForm.quoteKey): they are its prices, no other's. */
  #quotedFor = $state<string | undefined>();
  /** Which request the list answers: a newer request's answer wins over an older one. */
  #asked = 0;

  constructor(
    private readonly station: StationClient,
    private readonly preferredCarrier: () => string | null,
  ) {}

  get loading(): boolean {
    return this.#loading;
  }
  get problem(): string | undefined {
    return this.#problem;
  }
  get sort(): RateSort {
    return this.#sort;
  }
  get rule(): ApplyRuleResponse | undefined {
    return this.#rule;
  }
  get reason(): string | undefined {
    return this.#reason;
  }
  /** The form these rates were quoted for; undefined when there are none. */
  get quotedFor(): string | undefined {
    return this.#quotedFor;
  }

  /** The rates in the order shown. */
  get list(): readonly Rate[] {
    const preferred = this.preferredCarrier();
    const key = (rate: Rate): number => (this.#sort === 'price' ? rate.price : (rate.transitDays ?? Number.POSITIVE_INFINITY));
    return [...this.#rates].sort((a, b) => {
      const byKey = key(a) - key(b);
      if (byKey !== 0) return byKey;
      const aPreferred = a.carrierName === preferred ? 0 : 1;
      const bPreferred = b.carrierName === preferred ? 0 : 1;
      return aPreferred - bPreferred || (this.#sort === 'price' ? (a.transitDays ?? 99) - (b.transitDays ?? 99) : a.price - b.price);
    });
  }

  get cheapestId(): string | undefined {
    return [...this.#rates].sort((a, b) => a.price - b.price)[0]?.id;
  }

  get fastestId(): string | undefined {
    return [...this.#rates].filter((r) => r.transitDays !== undefined).sort((a, b) => (a.transitDays ?? 0) - (b.transitDays ?? 0) || a.price - b.price)[0]?.id;
  }

  get chosen(): Rate | undefined {
    return this.#rates.find((rate) => rate.id === this.#chosenId);
  }

  setSort(sort: RateSort): void {
    this.#sort = sort;
  }

  /**
   * Chooses as the order asked (its requested service read through the desk's rules), or the first
   * rate as shown when it asked for nothing; says why.
   */
  chooseFor(requested: string | undefined, rules: readonly ServiceRule[]): void {
    if (requested === undefined) {
      this.#chosenId = this.list[0]?.id;
      this.#reason = this.#chosenId === undefined ? undefined : 'Cheapest';
      return;
    }
    const choice = chooseRate(this.#rates, requested, rules);
    this.#chosenId = choice.id;
    this.#reason = choice.reason;
  }

  choose(id: string): void {
    if (!this.#rates.some((rate) => rate.id === id) || id === this.#chosenId) return;
    this.#chosenId = id;
    this.#reason = 'Chosen at the desk';
  }

  /** Moves the choice up or down the list as shown. */
  step(by: 1 | -1): void {
    const list = this.list;
    if (list.length === 0) return;
    const at = list.findIndex((rate) => rate.id === this.#chosenId);
    const next = at === -1 ? 0 : Math.min(list.length - 1, Math.max(0, at + by));
    this.choose(list[next]?.id ?? '');
  }

  clear(): void {
    this.#asked += 1;
    this.#rates = [];
    this.#chosenId = undefined;
    this.#problem = undefined;
    this.#rule = undefined;
    this.#reason = undefined;
    this.#quotedFor = undefined;
    this.#loading = false;
  }

  /**
   * Asks for rates for the form whose quote key is `quotedFor`; nothing is chosen yet (chooseFor).
   * Returns the station's error for the form, if any, and `superseded` when a newer request (or a
   * clear) came meanwhile: its answer, not this one, fills the list.
   */
  async fetch(request: MethodInput<'rateShop'>['request'], quotedFor: string): Promise<{ ok: true } | { ok: false; error?: ApiError; superseded?: true }> {
    const asked = ++this.#asked;
    this.#loading = true;
    this.#problem = undefined;
    const result = await this.station.call('rateShop', { request });
    if (asked !== this.#asked) return { ok: false, superseded: true };
    this.#loading = false;
    this.#chosenId = undefined;
    this.#reason = undefined;
    if (!result.ok) {
      this.#rates = [];
      this.#quotedFor = undefined;
      this.#problem = plainWords(result.error.message);
      return { ok: false, error: result.error };
    }
    this.#rates = flatten(result.value);
    this.#quotedFor = quotedFor;
    if (this.#rates.length === 0) this.#problem = 'No carrier offers a service for this shipment';
    return { ok: true };
  }

  /**
   * Asks the business rules about the shipment and chooses the cheapest rate of the service
   * they name (by its method: "Ground", "2nd Day Air"…). Returns the rule's answer, or the error.
   */
  async applyRule(shipment: MethodInput<'previewRules'>['shipment']): Promise<{ rule?: ApplyRuleResponse; error?: ApiError }> {
    const asked = this.#asked;
    const result = await this.station.call('previewRules', { shipment });
    // The rates were cleared or asked again meanwhile (another order, a changed form): not this answer's.
    if (asked !== this.#asked) return {};
    if (!result.ok) return { error: result.error };
    this.#rule = result.value;
    const method = squash(result.value.shipMethod ?? '');
    const matches = this.#rates.filter((rate) => method !== '' && (squash(rate.shipMethod) === method || squash(rate.serviceDisplayName).includes(method)));
    const best = [...matches].sort((a, b) => a.price - b.price)[0];
    if (best !== undefined) {
      this.#chosenId = best.id;
      this.#reason = `The business rule ${result.value.ruleName ?? result.value.ruleId ?? ''} chose ${result.value.shipMethod ?? 'this service'}`;
    }
    return { rule: result.value };
  }
}

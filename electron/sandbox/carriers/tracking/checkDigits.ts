/**
 * The check-digit rules the emulated carriers print on their labels. Each function takes
 * the data characters (everything but the check digit) and returns the check digit as a
 * number 0..9. Inputs are assumed to be already format-checked by the caller.
 */

/**
 * UPS "1Z" numbers: letters become digits as (char code - 63) mod 10 (A=2 ... I=0, J=1 ...),
 * digits in odd positions (1st, 3rd ... from the left) count once, even positions twice,
 * and the check digit brings the total to a multiple of 10. Doubling without carrying the
 * tens means a change of 5 in a doubled position goes unnoticed: that is UPS's rule.
 */
export function upsCheckDigit(data: string): number {
  let total = 0;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    const value = code >= 65 ? (code - 63) % 10 : code - 48;
    total += i % 2 === 0 ? value : value * 2;
  }
  return (10 - (total % 10)) % 10;
}

/**
 * FedEx 12-digit Express/Ground numbers: weights 1, 3, 7 repeating from the rightmost data
 * digit, sum mod 11; a remainder of 10 becomes 0.
 */
export function fedexCheckDigit(data: string): number {
  const weights = [1, 3, 7];
  let total = 0;
  for (let i = data.length - 1, w = 0; i >= 0; i--, w++) {
    total += (data.charCodeAt(i) - 48) * (weights[w % 3] ?? 1);
  }
  return (total % 11) % 10;
}

/** GS1 mod 10 (USPS IMpb, FedEx 15-digit Ground): weights 3, 1, 3 ... from the rightmost data digit. */
export function gs1CheckDigit(data: string): number {
  let total = 0;
  for (let i = data.length - 1, w = 0; i >= 0; i--, w++) {
    total += (data.charCodeAt(i) - 48) * (w % 2 === 0 ? 3 : 1);
  }
  return (10 - (total % 10)) % 10;
}

/** DHL Express waybills: the data digits read as one number, mod 7. */
export function mod7CheckDigit(data: string): number {
  // Digit by digit so no length of number ever loses precision.
  let remainder = 0;
  for (let i = 0; i < data.length; i++) remainder = (remainder * 10 + (data.charCodeAt(i) - 48)) % 7;
  return remainder;
}

/** Luhn (Old Dominion PRO numbers): every second digit from the right is doubled, its digits summed. */
export function luhnCheckDigit(data: string): number {
  let total = 0;
  for (let i = data.length - 1, w = 0; i >= 0; i--, w++) {
    const digit = data.charCodeAt(i) - 48;
    if (w % 2 === 0) {
      const doubled = digit * 2;
      total += doubled > 9 ? doubled - 9 : doubled;
    } else {
      total += digit;
    }
  }
  return (10 - (total % 10)) % 10;
}

/**
 * UPU S10 (international postal items, "RR123456785US"): the eight serial digits weighted
 * 8, 6, 4, 2, 3, 5, 9, 7; the check is 11 minus the sum mod 11, with 10 written 0 and 11 written 5.
 */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  let total = 0;
  for (let i = 0; i < serial.length; i++) total += (serial.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const check = 11 - (total % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/**
 * A sentence with its clock times kept on one line: the space inside '5 pm' or '5 p. m.' becomes
 * a no-break space, so a narrow phone never leaves 'pm' alone at the start of a line.
 */
export function keepTimesWhole(sentence: string): string {
  return sentence.replace(/(\d) (am|pm|a\. m\.|p\. m\.)(?!\w)/g, (_, digit: string, suffix: string) => `${digit}\u00a0${suffix.replace(' ', '\u00a0')}`);
}

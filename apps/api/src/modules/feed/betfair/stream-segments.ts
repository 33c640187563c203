import { StreamProtocolError } from './stream-lines';
import type { MarketChangeMessage } from './stream-messages';

/**
 * Joins a segmented change (SEG_START, SEG…, SEG_END) into the one message Betfair split: the
 * markets of every segment in order, the first segment's change type and request id, the last
 * publish time, and the last resume tokens any segment carried. A sink never sees a part, so
 * the resume point only moves once the whole image has been handed on: a connection lost
 * mid-image resumes from before it.
 */
export class SegmentJoiner {
  private parts: MarketChangeMessage[] | undefined;

  /** The whole message, or undefined while segments are still coming. */
  push(message: MarketChangeMessage): MarketChangeMessage | undefined {
    const segment = message.segmentType;
    if (segment === undefined) {
      if (this.parts) throw new StreamProtocolError('a whole message arrived between the segments of another');
      return message;
    }
    if (segment === 'SEG_START') {
      if (this.parts) throw new StreamProtocolError('SEG_START before the previous segmented message ended');
      this.parts = [message];
      return undefined;
    }
    if (!this.parts) throw new StreamProtocolError(`${segment} without SEG_START`);
    this.parts.push(message);
    if (segment === 'SEG') return undefined;
    const parts = this.parts;
    this.parts = undefined;
    return joinSegments(parts);
  }

  /** Forgets a half-received message (the connection it came on is gone). */
  reset(): void {
    this.parts = undefined;
  }
}

function joinSegments(parts: MarketChangeMessage[]): MarketChangeMessage {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const { segmentType: _segment, ...head } = first;
  const joined: MarketChangeMessage = { ...head, pt: last.pt, mc: parts.flatMap((part) => part.mc ?? []) };
  for (const part of parts) {
    if (part.initialClk) joined.initialClk = part.initialClk;
    if (part.clk) joined.clk = part.clk;
    if (part.status !== undefined) joined.status = part.status;
  }
  return joined;
}

/**
 * Payload formats as an inspection sees them, with nothing of the engine: a
 * {@link dev.weir.codec.payload.PayloadFormat} names a format and makes its
 * {@link dev.weir.codec.payload.PayloadSampler} (the guess from the first payloads, which
 * {@link dev.weir.codec.payload.PayloadSample} runs over all formats) and its
 * {@link dev.weir.codec.payload.PayloadAnalysis} (messages by type, skipped ones by why, each event's time
 * for the {@link dev.weir.codec.payload.LatenessHistogram}, and an optional
 * {@link dev.weir.codec.payload.ReportSection} such as the MoldUDP64 framing of ITCH,
 * {@link dev.weir.codec.payload.MoldSummary}). The analyses of the built-in formats (ITCH, StatsD) live here
 * too, beside the parsers they use, because the capture package already reads ITCH message files: a package of
 * ITCH that used this one would close a cycle.
 */
package dev.weir.codec.payload;

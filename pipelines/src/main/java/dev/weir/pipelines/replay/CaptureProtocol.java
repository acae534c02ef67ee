package dev.weir.pipelines.replay;

import dev.weir.codec.payload.PayloadFormat;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * A payload protocol Weir reads from captures, in one place: its name ({@code itch}, {@code statsd}), how a sample
 * of payloads is recognised as it and what {@code weir inspect} reports of it (the {@link PayloadFormat} half), the
 * decoder {@code weir replay} turns its payloads into events with, and how those events become job-file records
 * ({@code weir replay --job JOB.yaml --decoder NAME}). Implementations are found with {@link java.util.ServiceLoader}
 * ({@link CaptureProtocols}): a class with a public no-argument constructor, named in
 * {@code META-INF/services/dev.weir.pipelines.replay.CaptureProtocol}. Stateless and thread-safe; what they make
 * serves one thread.
 *
 * @param <E> the decoder's event type
 */
public interface CaptureProtocol<E> extends PayloadFormat {
    /**
     * @param context the replay's warnings and pool size
     * @return a new decoder for one reading thread
     */
    PayloadDecoder<E> decoder(ReplayContext context);

    /**
     * @param event a decoded event, valid during this call only
     * @param eventTimeMillis its event time
     * @return a new job-file record (key, timestamp, value) holding what a job needs of it, or {@code null} for an
     *     event that is no record
     */
    ScenarioRecord record(E event, long eventTimeMillis);
}

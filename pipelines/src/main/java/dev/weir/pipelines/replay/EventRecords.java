package dev.weir.pipelines.replay;

import dev.weir.pipelines.scenario.ScenarioRecord;

/**
 * A decoder whose events a job file can window ({@code weir replay --job}): how each event becomes a record of
 * key, timestamp and value (docs/replay.md lists the mappings).
 *
 * @param <E> the decoder's event type
 */
public interface EventRecords<E> {
    /** @return the decoder's name on the command line, e.g. {@code itch} */
    String name();

    /**
     * @param context the replay's warnings and pool size
     * @return a new decoder for one reading thread
     */
    PayloadDecoder<E> decoder(ReplayContext context);

    /**
     * @param event a decoded event, valid during this call only
     * @param eventTimeMillis its event time
     * @return a new record holding what the job needs of it, or {@code null} for an event that is no record
     */
    ScenarioRecord record(E event, long eventTimeMillis);
}

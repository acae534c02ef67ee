package dev.weir.operator;

import dev.weir.state.KeyedStateBackend;
import dev.weir.timer.TimeDomain;
import dev.weir.timer.TimerService;
import java.util.Map;

/**
 * An operator whose keyed state and timers are part of checkpoints (docs/semantics.md §3: timers are
 * keyed state). The runtime snapshots it when a checkpoint barrier has arrived on every input
 * channel (between two records), and restores it after {@code open} and before the first
 * record, with the entries of the key groups the instance owns. Watermarks are not part of it:
 * after a restore they start from MIN. An operator with broadcast state (operator state that
 * every instance holds the whole of) hands it over in {@link #snapshotBroadcastState}: the runtime
 * writes instance 0's copy once per checkpoint and restores it into every instance, at any
 * parallelism. Called on the operator's thread only.
 */
public interface CheckpointedOperator {
    /**
     * What the operator is, for a checkpoint's fingerprint of the job: each aspect whose change
     * makes its state mean something else (window assigner, trigger, evictor, lateness, state
     * and function), with a description that is the same in every run of the same job and names
     * parameters, never identity hashes. Parallelism is not part of it (a job may be rescaled).
     * A restore compares it with the checkpoint's and refuses on the first difference.
     *
     * @return the aspects and their descriptions, in a stable order
     */
    default Map<String, String> fingerprint() {
        return Map.of("operator", describe(this));
    }

    /**
     * @param part a part of an operator (assigner, trigger, function), or null
     * @return its description: its {@code toString} if it has its own, else its class name;
     *     {@code none} for null and {@code a lambda} for a lambda (its class name changes between runs)
     */
    static String describe(final Object part) {
        if (part == null) {
            return "none";
        }
        final Class<?> type = part.getClass();
        if (type.isSynthetic() || type.getName().contains("$$Lambda")) {
            return "a lambda";
        }
        final String text = part.toString();
        return text.startsWith(type.getName() + "@") ? type.getName() : text;
    }

    /** @return the operator's keyed state; valid after {@code open}; null for an operator without keyed state */
    KeyedStateBackend<?> keyedStateBackend();

    /** @return the operator's timers; valid after {@code open}; null for an operator without keyed state */
    TimerService<?, ?> timerService();

    /**
     * Hands every state entry and timer to {@code snapshot}: the backend is flushed first.
     *
     * @param snapshot receives the entries and timers
     */
    default void snapshotState(final OperatorSnapshot snapshot) {
        final KeyedStateBackend<?> backend = keyedStateBackend();
        if (backend == null) {
            return;
        }
        backend.flush();
        backend.snapshot(snapshot);
        timerService().eventTimeTimers().forEach((timestamp, key, namespace) -> snapshot.timer(TimeDomain.EVENT_TIME, timestamp, key, namespace));
        timerService().processingTimeTimers().forEach(
                (timestamp, key, namespace) -> snapshot.timer(TimeDomain.PROCESSING_TIME, timestamp, key, namespace));
    }

    /**
     * Puts back a state entry of a key group this instance owns.
     *
     * @param stateName the state
     * @param keyGroup the key group
     * @param key the key
     * @param namespace the namespace
     * @param value the value
     */
    default void restoreStateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
        if (keyedStateBackend() == null) {
            throw new IllegalStateException(describe(this) + " has no keyed state, yet the checkpoint has an entry of keyed state '"
                    + stateName + "'");
        }
        keyedStateBackend().restoreEntry(stateName, keyGroup, key, namespace, value);
    }

    /**
     * Puts back a timer of a key group this instance owns.
     *
     * @param domain event or processing time
     * @param timestamp when it fires
     * @param key its key
     * @param namespace its namespace
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    default void restoreTimer(final TimeDomain domain, final long timestamp, final Object key, final Object namespace) {
        ((TimerService) timerService()).restoreTimer(domain, key, namespace, timestamp);
    }

    /**
     * Hands every entry of the operator's broadcast states to {@code snapshot}; the runtime calls it
     * on instance 0 only, as every instance holds the same. By default the operator has none.
     *
     * @param snapshot receives the entries through {@link OperatorSnapshot#broadcastEntry}
     */
    default void snapshotBroadcastState(final OperatorSnapshot snapshot) {
    }

    /**
     * Puts back an entry of a broadcast state; every instance receives every entry.
     *
     * @param stateName the broadcast state
     * @param key the entry's key
     * @param value its value
     * @throws IllegalStateException if the operator has no broadcast state of that name (by default none)
     */
    default void restoreBroadcastStateEntry(final String stateName, final Object key, final Object value) {
        throw new IllegalStateException(describe(this) + " has no broadcast state, yet the checkpoint has an entry of broadcast state '"
                + stateName + "'");
    }
}

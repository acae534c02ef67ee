package dev.weir.api;

import dev.weir.state.MapStateDescriptor;
import java.util.List;

/**
 * A stream whose every record, watermark, barrier and end of input goes to every instance of
 * the two-input stage that reads it as input 2 (a {@code BROADCAST} edge): made by
 * {@link DataStream#broadcast}, read by {@code DataStream.connect(BroadcastStream)} or
 * {@code KeyedStream.connect(BroadcastStream)}, which make a {@link BroadcastConnectedStream}. It
 * keeps the descriptors of the broadcast state its readers hold: the broadcast process operator
 * registers them in every instance. Immutable.
 *
 * @param <T> the record type
 */
public final class BroadcastStream<T> {
    final StreamPipeline pipeline;
    /** The index in the logical plan of the step whose output is broadcast. */
    final int planStep;
    private final List<MapStateDescriptor<?, ?>> descriptors;

    BroadcastStream(final StreamPipeline pipeline, final int planStep, final List<MapStateDescriptor<?, ?>> descriptors) {
        this.pipeline = pipeline;
        this.planStep = planStep;
        this.descriptors = List.copyOf(descriptors);
    }

    /** @return the broadcast state descriptors given, in order */
    public List<MapStateDescriptor<?, ?>> descriptors() {
        return descriptors;
    }
}

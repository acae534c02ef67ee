package dev.weir.flink.translation;

import dev.weir.runtime.sink.Sink;

/**
 * A pipeline's side-output sink seen as a Weir {@link Sink}, so that a translated side output
 * reaches the caller as the main output does ({@link CollectedSink}): each record goes to
 * {@code accept} of the side-output sink's instance 0 of 1. Called from one Flink task at a time.
 */
final class SideOutputAsSink implements Sink<Object> {
    private final Sink<Object> sink;

    @SuppressWarnings("unchecked")
    SideOutputAsSink(final Sink<?> sink) {
        this.sink = ((Sink<Object>) sink).instance(0, 1);
    }

    @Override
    public void accept(final Object value, final long timestamp) {
        sink.accept(value, timestamp);
    }
}

package dev.weir.operator;

/**
 * What the broadcast-state functions ({@link BroadcastProcessFunction},
 * {@link KeyedBroadcastProcessFunction}) have in common, as Flink's {@code BaseBroadcastProcessFunction}.
 */
public interface BaseBroadcastProcessFunction {
    /** What both sides' callbacks may use. */
    interface BaseContext {
        /** @return the record's timestamp, or {@code Long.MIN_VALUE} when it has none (a timer's time in {@code onTimer}) */
        long timestamp();

        /**
         * Emits to a side output, stamped with {@link #timestamp()}.
         *
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);

        /** @return the processing time now, from the pipeline's clock */
        long currentProcessingTime();

        /** @return the operator's current watermark: the combined watermark of both inputs */
        long currentWatermark();
    }
}

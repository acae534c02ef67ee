package dev.weir.flink.translation;

import dev.weir.time.Punctuation;
import dev.weir.time.WatermarkKind;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A source's Weir {@code WatermarkStrategy} as Flink's: bounded out-of-orderness and monotonous
 * timestamps as Flink's own generators, emitted on Flink's periodic interval set to Weir's
 * ({@code 0}: no periodic emission, so only end of input moves the watermark, as on Weir);
 * punctuated as {@link FlinkPunctuation}; none as Flink's {@code noWatermarks()}; with Weir's
 * timestamp assigner. Refuses explicit and custom generators, and idleness and alignment where
 * the watermarks are assigned after Flink's source.
 */
final class SourceWatermarks {
    private SourceWatermarks() {
    }

    /**
     * @param strategy the source's strategy
     * @param step the source step's index
     * @param kind the source step's kind
     * @throws FlinkTranslationException if the strategy is not translated
     */
    static void check(final dev.weir.time.WatermarkStrategy<?> strategy, final int step, final String kind) {
        if (strategy.idlenessMillis() > 0) {
            throw new FlinkTranslationException(step, kind, "watermark idleness on a CollectionSource is not translated: its watermarks are"
                    + " assigned after Flink's source, where Flink cannot tell an idle input; it is on a FileSource or a GeneratorSource");
        }
        if (strategy.alignment() != null) {
            throw new FlinkTranslationException(step, kind, "watermark alignment on a CollectionSource is not translated: Flink aligns only"
                    + " watermarks generated in its source, and a collection's are assigned after it; it is on a FileSource or a"
                    + " GeneratorSource");
        }
        checkGenerator(strategy, step, kind);
    }

    /**
     * Checks the strategy's generator and assigner only: for a source whose watermarks Flink
     * generates in the source, per split, where idleness and alignment translate too.
     *
     * @param strategy the source's strategy
     * @param step the source step's index
     * @param kind the source step's kind
     * @throws FlinkTranslationException if the generator or assigner is not translated
     */
    static void checkGenerator(final dev.weir.time.WatermarkStrategy<?> strategy, final int step, final String kind) {
        final WatermarkKind watermarks = strategy.kind();
        if (watermarks == WatermarkKind.EXPLICIT || watermarks == WatermarkKind.CUSTOM) {
            throw new FlinkTranslationException(step, kind, "the watermark strategy " + watermarks + " is not translated: Flink has"
                    + " generators for bounded out-of-orderness, monotonous, punctuated and no watermarks only");
        }
        if (watermarks == WatermarkKind.PUNCTUATED) {
            ShippedFunction.require(strategy.punctuation(), step, kind, "the punctuation");
        }
        if (strategy.timestampAssigner() != null) {
            ShippedFunction.require(strategy.timestampAssigner(), step, kind, "the timestamp assigner");
        }
    }

    /**
     * @param strategy a strategy {@link #check} accepted
     * @param environment the job's environment, whose periodic interval this sets
     * @return Flink's strategy
     */
    static WatermarkStrategy<Object> of(final dev.weir.time.WatermarkStrategy<?> strategy, final StreamExecutionEnvironment environment) {
        environment.getConfig().setAutoWatermarkInterval(strategy.intervalMillis());
        final WatermarkStrategy<Object> flink;
        switch (strategy.kind()) {
            case BOUNDED_OUT_OF_ORDERNESS:
                flink = WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(strategy.maxOutOfOrdernessMillis()));
                break;
            case MONOTONOUS:
                flink = WatermarkStrategy.forMonotonousTimestamps();
                break;
            case PUNCTUATED:
                final Punctuation<?> punctuation = strategy.punctuation();
                flink = WatermarkStrategy.forGenerator(context -> new FlinkPunctuation(punctuation));
                break;
            case NONE:
                flink = WatermarkStrategy.noWatermarks();
                break;
            default:
                throw new IllegalStateException("not checked: " + strategy.kind());
        }
        return strategy.timestampAssigner() == null ? flink : flink.withTimestampAssigner(new FlinkTimestamps(strategy.timestampAssigner()));
    }
}

package dev.weir.flink.source;

import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssignerSupplier;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;

/**
 * The watermark strategy of a {@link FlinkHandoffSource}: Flink's strategy for the source (its generator and
 * timestamp assigner), with the generator wrapped in {@link AttributedFlinkWatermarks} when the handoff has an
 * attribution ({@link LocalHandoff#attributeWatermarks}). Found by the handoff's id on the task, so it ships nothing
 * but Flink's strategy and the id. Immutable.
 */
public final class HandoffWatermarks implements WatermarkStrategy<Object> {
    private static final long serialVersionUID = 1L;

    private final WatermarkStrategy<Object> flink;
    private final String handoffId;

    /**
     * @param flink Flink's strategy for the source
     * @param handoffId the handoff the source reads
     */
    public HandoffWatermarks(final WatermarkStrategy<Object> flink, final String handoffId) {
        this.flink = flink;
        this.handoffId = handoffId;
    }

    @Override
    public WatermarkGenerator<Object> createWatermarkGenerator(final WatermarkGeneratorSupplier.Context context) {
        final WatermarkGenerator<Object> generator = flink.createWatermarkGenerator(context);
        final WatermarkAttribution<Object> attribution = LocalHandoff.<Object>of(handoffId).attribution();
        return attribution == null ? generator : new AttributedFlinkWatermarks<>(generator, attribution);
    }

    @Override
    public TimestampAssigner<Object> createTimestampAssigner(final TimestampAssignerSupplier.Context context) {
        return flink.createTimestampAssigner(context);
    }
}

package dev.weir.pipelines.telemetry;

import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.RowSchema;

/**
 * What the telemetry pipelines share: a name, a description and columns, and the {@link StatsdDecoder} as their
 * decoder. Each pipeline adds its {@link #results}. Immutable and thread-safe.
 */
abstract class StatsdReplayJob implements ReplayJob<MetricSample> {
    private final String name;
    private final String description;
    private final RowSchema schema;

    /**
     * @param name the name {@code --pipeline} selects it by
     * @param description one line for the help
     * @param schema the rows' columns
     */
    StatsdReplayJob(final String name, final String description, final RowSchema schema) {
        this.name = name;
        this.description = description;
        this.schema = schema;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final RowSchema schema() {
        return schema;
    }

    @Override
    public final PayloadDecoder<MetricSample> decoder(final ReplayContext context) {
        return new StatsdDecoder(context);
    }
}

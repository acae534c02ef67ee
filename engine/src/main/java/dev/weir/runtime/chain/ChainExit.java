package dev.weir.runtime.chain;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;

/**
 * The output of a chain's last operator: counts what leaves the chain on its exit link, then
 * hands it to the chain's end (downstream channels or a sink).
 */
final class ChainExit implements Output<Object> {
    private final ChainEnd<Object> end;
    private final ChainLink link;

    ChainExit(final ChainEnd<Object> end, final ChainLink link) {
        this.end = end;
        this.link = link;
    }

    @Override
    public void record(final Object value, final long timestamp) {
        link.records.increment();
        end.record(value, timestamp);
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        end.sideOutput(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        link.watermark.set(watermark);
        end.watermark(watermark);
    }

    @Override
    public void status(final WatermarkStatus status) {
        end.status(status);
    }
}

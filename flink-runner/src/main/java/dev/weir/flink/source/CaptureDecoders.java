package dev.weir.flink.source;

import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import java.io.Serializable;

/**
 * Makes the decoder of a {@link FlinkCaptureSource} on the task that reads the capture: a
 * decoder keeps state across datagrams (an order book) and pools its events, so it is not
 * shipped but created where it runs, e.g. {@code StatsdDecoder::new} cast to this type.
 *
 * @param <E> the event type
 */
@FunctionalInterface
public interface CaptureDecoders<E> extends Serializable {
    /**
     * @param context the reading task's replay context: its warnings and event pool size
     * @return a new decoder
     */
    PayloadDecoder<E> create(ReplayContext context);
}

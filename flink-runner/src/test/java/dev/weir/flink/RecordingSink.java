package dev.weir.flink;

import dev.weir.runtime.sink.Sink;
import java.util.List;

/** A test sink that records each call: {@code value@timestamp}, {@code finish}, {@code close}, {@code allFinished}. */
public final class RecordingSink implements Sink<Object> {
    private final List<String> calls;

    /** @param calls receives the calls; synchronized if the sink is called from several threads */
    public RecordingSink(final List<String> calls) {
        this.calls = calls;
    }

    @Override
    public void accept(final Object value, final long timestamp) {
        calls.add(value + "@" + timestamp);
    }

    @Override
    public void finish() {
        calls.add("finish");
    }

    @Override
    public void close() {
        calls.add("close");
    }

    @Override
    public void allFinished() {
        calls.add("allFinished");
    }
}

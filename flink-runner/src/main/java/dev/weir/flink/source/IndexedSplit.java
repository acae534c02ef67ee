package dev.weir.flink.source;

import org.apache.flink.api.connector.source.SourceSplit;

/**
 * A split numbered as Weir numbers the shares of a source: {@link InstanceSplitEnumerator} gives
 * split {@code i} to reader {@code i % p} of {@code p}, as Weir gives file {@code i} of a
 * {@code FileSource} (or share {@code i} of a generator) to instance {@code i % p}.
 */
public interface IndexedSplit extends SourceSplit {
    /** @return the split's number, not negative */
    int index();
}

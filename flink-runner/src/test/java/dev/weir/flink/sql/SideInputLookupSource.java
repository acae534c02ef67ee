package dev.weir.flink.sql;

import java.util.Arrays;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;

/** The lookup table of q13's side input: rows {@code (key BIGINT, value STRING)} looked up by key ({@link SideInputLookup}). */
final class SideInputLookupSource implements LookupTableSource {
    private final String path;

    /** @param path the side input file */
    SideInputLookupSource(final String path) {
        this.path = path;
    }

    @Override
    public LookupRuntimeProvider getLookupRuntimeProvider(final LookupContext context) {
        final int[][] keys = context.getKeys();
        if (keys.length != 1 || keys[0].length != 1 || keys[0][0] != 0) {
            throw new IllegalArgumentException("the side input is looked up by its column key alone, not by columns "
                    + Arrays.deepToString(keys));
        }
        return LookupFunctionProvider.of(new SideInputLookup(path));
    }

    @Override
    public DynamicTableSource copy() {
        return new SideInputLookupSource(path);
    }

    @Override
    public String asSummaryString() {
        return "side input " + path;
    }
}

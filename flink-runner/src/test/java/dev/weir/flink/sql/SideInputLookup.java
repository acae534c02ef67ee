package dev.weir.flink.sql;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;

/**
 * Looks q13's side input up by key: the file's lines {@code key,value} (the key up to the first comma, the value
 * the rest of the line) read once when the function opens; a key's rows in the file's order.
 */
public final class SideInputLookup extends LookupFunction {
    private static final long serialVersionUID = 1L;

    private final String path;
    private transient Map<Long, List<RowData>> rows;

    /** @param path the side input file */
    public SideInputLookup(final String path) {
        this.path = path;
    }

    @Override
    public void open(final FunctionContext context) throws IOException {
        rows = new HashMap<>();
        int number = 0;
        for (final String line : Files.readAllLines(Path.of(path), StandardCharsets.UTF_8)) {
            number++;
            final int comma = line.indexOf(',');
            if (comma < 0) {
                throw new IOException(path + ":" + number + ": no comma in '" + line + "'");
            }
            final long key = Long.parseLong(line.substring(0, comma));
            rows.computeIfAbsent(key, k -> new ArrayList<>()).add(GenericRowData.of(key, StringData.fromString(line.substring(comma + 1))));
        }
    }

    @Override
    public Collection<RowData> lookup(final RowData key) {
        return rows.getOrDefault(key.getLong(0), List.of());
    }
}

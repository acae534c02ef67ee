package dev.weir.flink.sql;

import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * The connector {@code nexmark-side-input} of q13.sql's side table: a lookup table ({@link SideInputLookupSource})
 * over a file of {@code key,value} lines, the {@code path} option. It stands in for the Nexmark project's filesystem
 * table, which Flink's filesystem connector cannot serve as the processing-time lookup join the query asks for (its
 * source is a scan source only), and which is not on this module's class path.
 */
public final class SideInputTableFactory implements DynamicTableSourceFactory {
    /** The connector's name. */
    public static final String IDENTIFIER = "nexmark-side-input";
    /** The side input file. */
    public static final ConfigOption<String> PATH = ConfigOptions.key("path").stringType().noDefaultValue()
            .withDescription("the side input file, lines key,value");

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(PATH);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public DynamicTableSource createDynamicTableSource(final Context context) {
        final FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        helper.validate();
        return new SideInputLookupSource(helper.getOptions().get(PATH));
    }
}

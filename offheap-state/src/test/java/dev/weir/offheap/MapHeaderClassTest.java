package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.security.CodeSource;
import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import net.openhft.chronicle.values.Values;
import org.junit.jupiter.api.Test;

/**
 * The off-heap class of Chronicle Map's header comes compiled with this module (the build step in
 * src/build/MapHeaderClass.java), so creating a map runs no javac: docs/state.md, "Start-up cost".
 */
class MapHeaderClassTest {
    @Test
    void theMapHeaderClassIsLoadedFromThisModuleNotCompiledAtRunTime() {
        final KeyedStateBackend<String> backend = new ChronicleStateBackend(ChronicleStateConfig.defaults().withMaxEntries(100))
                .createKeyedStateBackend("bars", 0, new KeyGroupRange(0, 127), 128);
        try {
            final ValueState<Long> state = backend.state(new ValueStateDescriptor<>("last-price"));
            backend.setCurrentKey("a");
            state.update(1L);
            backend.flush();
            final Class<?> header = Values.nativeClassFor(VanillaGlobalMutableState.class);
            assertEquals(VanillaGlobalMutableState.class.getName() + "$$Native", header.getName());
            // a class javac made at run time is defined without a code source; ours comes from the module's classes
            final CodeSource source = header.getProtectionDomain().getCodeSource();
            assertNotNull(source, "the header class was compiled at run time");
            assertEquals(ChronicleStateTable.class.getProtectionDomain().getCodeSource().getLocation(), source.getLocation());
        } finally {
            backend.close();
        }
    }
}

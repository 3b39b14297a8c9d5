package dev.trackgen.api.runtime;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KernelArgsTest {

    private static final AbstractKernel K = new AbstractKernel("tg_test", null, KernelParam.f32("a"),
            KernelParam.intValue("n"), KernelParam.floatValue("s")) {
        @Override
        public void run(KernelArgs args, int begin, int end) {
        }
    };

    @Test
    void setChecksTypes() {
        KernelArgs a = K.args().set(0, new HostF32Array(3)).set(1, 2).set(2, 0.5f);
        assertEquals(2, a.intValue(1));
        assertEquals(0.5f, a.floatValue(2));
        assertThrows(IllegalArgumentException.class, () -> K.args().set(2, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> K.args().set(0, new HostI32Array(3)));
        assertTrue(e.getMessage().contains("tg_test argument 0 (a) expects F32_ARRAY"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> K.args().set(1, 0.5f));
    }

    @Test
    void incompleteBindingsAreReported() {
        KernelArgs a = K.args().set(1, 3);
        IllegalStateException e = assertThrows(IllegalStateException.class, a::checkComplete);
        assertTrue(e.getMessage().contains("argument 0 (a) is not bound"), e.getMessage());
    }

    @Test
    void copyIsIndependentOfLaterRebinding() {
        KernelArgs a = K.args().set(0, new HostF32Array(1)).set(1, 1).set(2, 1f);
        KernelArgs c = a.copy();
        a.set(1, 5);
        assertEquals(1, c.intValue(1));
        assertEquals(5, a.intValue(1));
    }
}

// The HLSL front end's shapes of data-dependent control flow: loops with
// break and continue, a switch with returns, an early return, and a loop
// in a callee whose result flows out of nested branches.
RWStructuredBuffer<int> values : register(u0);
RWStructuredBuffer<int> results : register(u1);

int digits(int n) {
    int count = 0;
    [loop] while (n != 0) {
        n /= 10;
        count++;
    }
    return count;
}

int pick(int v, int j) {
    switch ((v + j) % 4) {
    case 0:
        return v * 2;
    case 1:
        if (v > 8) {
            return -v;
        }
        return v + j;
    case 2:
        return digits(v * 1000 + j);
    default:
        return j;
    }
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int v = values[id.x] + int(id.x % 3);
    int acc = 0;
    [loop] for (int j = 0; j < 10; ++j) {
        if ((v ^ j) % 3 == 0) {
            continue;
        }
        acc += pick(v, j);
        if (acc > 200) {
            break;
        }
    }
    if (acc < 0) {
        results[id.x] = acc;
        return;
    }
    results[id.x] = acc > 100 ? acc - 100 : acc + digits(acc);
}

print("ours")

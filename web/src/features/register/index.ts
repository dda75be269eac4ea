// Public surface of the register feature, for app/ and templates/.
export { RegisterForm, type RegisterFormProps, type CurrencyOption } from './components/RegisterForm';
export { toRegisterPayload, switchCurrency, emptyForm } from './payload';
export { registerCodeTarget, smsCodeOutcome, normaliseCode } from '@/lib/register-codes';
